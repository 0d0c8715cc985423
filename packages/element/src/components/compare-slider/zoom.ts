/**
 * What a zoomable comparison adds to the fitted one: zoom about a point, wheel and trackpad
 * gestures. A module of its own because most visitors never open the full-screen view, so the
 * slider loads it with the first zoomed view.
 */
import { emit } from '../../events.js';

export type Point = [number, number];

/** What zooming reads and sets on the slider (its element, zoom, photo's ratio and the point at its middle). */
interface Zoomable extends HTMLElement {
  zoom: number;
  ratio: number;
  centre: Point;
}

/** The most a zoomable slider enlarges the photo. */
export const MAX_ZOOM = 4;

/**
 * Zooms to `zoom` (held to 1–MAX_ZOOM), moving the photo's point that was under `from` (client
 * coordinates; the middle of the element when left out) to `to`. The photo covers the element
 * where it is larger, and is centred where it is not (as unzoomed).
 */
export function zoomAt(slider: Zoomable, zoom: number, from?: Point, to = from) {
  const box = slider.getBoundingClientRect();
  const z = Math.min(Math.max(zoom, 1), MAX_ZOOM);
  slider.centre = slider.centre.map((c, i) => {
    const length = i ? box.height : box.width;
    const middle = (i ? box.y : box.x) + length / 2;
    const fitted = Math.min(length, i ? box.width / slider.ratio : box.height * slider.ratio);
    const at = c + ((from?.[i] ?? middle) - middle) / (fitted * slider.zoom) - ((to?.[i] ?? middle) - middle) / (fitted * z);
    // How far the point in the middle may go from the photo's middle.
    const room = Math.max(0, 0.5 - length / 2 / (fitted * z));
    return 0.5 + Math.min(Math.max(at - 0.5, -room), room);
  }) as Point;
  slider.zoom = z;
  emit(slider, 'rr-zoom', { zoom: z });
}

/** Ctrl/⌘+wheel (and a trackpad's pinch) zooms about the pointer; the wheel alone pans. */
export function onWheel(slider: Zoomable, event: WheelEvent) {
  event.preventDefault();
  const at: Point = [event.clientX, event.clientY];
  if (event.ctrlKey || event.metaKey) zoomAt(slider, slider.zoom * Math.exp(-event.deltaY / 200), at);
  else zoomAt(slider, slider.zoom, at, [at[0] - event.deltaX, at[1] - event.deltaY]);
}
