import { html, LitElement, type PropertyValues } from 'lit';
import styles from './compare-slider.styles.js';
import type { Point } from './zoom.js';

/** The zoomed view's gestures, loaded with the first zoomed view. */
let zoomer: typeof import('./zoom.js') | undefined;

/** The middle of the first two pointers and how far apart they are (1 for one pointer). */
function span(pointers: Map<number, Point>): [Point, number] {
  const [a, b = a] = [...pointers.values()] as [Point, Point?];
  return [[(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], Math.hypot(a[0] - b[0], a[1] - b[1]) || 1];
}

/**
 * A before/after comparison driven by a native `<input type="range">`, so it has an accessible
 * name and value and arrow/Page/Home/End keys; pointers move the divider themselves (the range
 * takes no pointer input), so that in a zoomed view they can pan and pinch too. The value is the
 * share of the "before" image shown from the inline start, which also makes right-to-left layouts
 * mirror correctly. The frame takes the "before" photo's shape, as large as fits the element, so
 * the divider never leaves the picture; with `zoom` set the visitor zooms it (pinch, Ctrl+wheel)
 * and pans it (drag, wheel) inside the element, and the frame is the visible part of the photo.
 * Children show over the frame (the widget's Full screen button).
 *
 * @csspart frame - the image frame.
 * @csspart handle - the round handle on the divider.
 * @fires rr-zoom - the zoom changed (detail `zoom`).
 */
export class CompareSlider extends LitElement {
  static override styles = styles;
  static override shadowRootOptions = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  static override properties = {
    beforeSrc: { attribute: 'before-src' },
    afterSrc: { attribute: 'after-src' },
    beforeLabel: {},
    afterLabel: {},
    label: {},
    position: { type: Number },
    zoom: { type: Number },
    ratio: { state: true },
    centre: { state: true },
    valueText: { attribute: false },
  };

  declare beforeSrc: string;
  declare afterSrc: string;
  declare beforeLabel: string;
  declare afterLabel: string;
  declare label: string;
  /** 0–100: how much of the "before" image shows. */
  declare position: number;
  /** 0 (the default) fits the photo into the element, fixed; 1 to MAX_ZOOM fits it times that, and the visitor can zoom and pan. */
  declare zoom: number;
  /** @internal Width / height of the "before" photo, once it has loaded. */
  declare ratio: number;
  /** @internal The photo's point (fractions of its width and height) at the middle of the element. */
  declare centre: Point;
  declare valueText: (position: number) => string;
  /** The pointers down on the frame, and whether they move the divider (else they pan and pinch). */
  #pointers = new Map<number, Point>();
  #divides = false;

  constructor() {
    super();
    this.beforeSrc = this.afterSrc = this.beforeLabel = this.afterLabel = this.label = '';
    this.position = 50;
    this.zoom = 0;
    this.ratio = 4 / 3;
    this.centre = [0.5, 0.5];
    this.valueText = (p) => `${p}%`;
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    // A zoom set from outside (the zoom buttons) keeps the middle of the view.
    if (!this.zoom || !changed.has('zoom')) return;
    if (zoomer) zoomer.zoomAt(this, this.zoom);
    else
      void import('./zoom.js').then((loaded) => {
        zoomer = loaded;
        this.requestUpdate('zoom', 0);
      });
  }

  override render() {
    const [x, y] = this.centre;
    return html`<div
      class="frame"
      part="frame"
      style="--_pos:${this.position}%;--_zoom:${this.zoom || 1};--_ratio:${this.ratio};--_fx:${x};--_fy:${y};${this.zoom ? 'touch-action:none' : ''}${this.zoom > 1 ? ';cursor:grab' : ''}"
      @pointerdown=${this.#onDown}
      @pointermove=${this.#onMove}
      @lostpointercapture=${this.#onUp}
      @wheel=${(event: WheelEvent) => this.zoom && zoomer?.onWheel(this, event)}
    >
      <img class="before" src=${this.beforeSrc} alt=${this.beforeLabel} draggable="false" @load=${this.#onLoad} />
      <div class="clip"><img class="after" src=${this.afterSrc} alt=${this.afterLabel} draggable="false" /></div>
      <span class="tag b" aria-hidden="true">${this.beforeLabel}</span>
      <span class="tag a" aria-hidden="true">${this.afterLabel}</span>
      <input
        type="range"
        .value=${String(this.position)}
        aria-label=${this.label}
        aria-valuetext=${this.valueText(this.position)}
        @input=${this.#onInput}
      />
      <div class="divider" aria-hidden="true"></div>
      <span class="handle" part="handle" aria-hidden="true">
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><path d="m9 6-6 6 6 6M15 6l6 6-6 6" /></svg>
      </span>
      <slot></slot>
    </div>`;
  }

  #onLoad(event: Event) {
    const { naturalWidth, naturalHeight } = event.target as HTMLImageElement;
    if (naturalHeight) this.ratio = naturalWidth / naturalHeight;
  }

  #onInput(event: Event) {
    this.position = Number((event.target as HTMLInputElement).value);
  }

  #onDown(event: PointerEvent) {
    // Presses on the children (the Full screen button) are theirs.
    if (!this.renderRoot.contains(event.target as Node)) return;
    (event.currentTarget as Element).setPointerCapture(event.pointerId);
    this.#pointers.set(event.pointerId, [event.clientX, event.clientY]);
    // Fitted, a press anywhere moves the divider (as on a range); zoomable, one on the handle (others pan and pinch).
    this.#divides = this.#pointers.size < 2 && (!this.zoom || !!(event.target as Element).closest('.handle'));
    this.#onMove(event);
  }

  #onMove(event: PointerEvent) {
    const pointers = this.#pointers;
    if (!pointers.has(event.pointerId)) return;
    const [from, spanFrom] = span(pointers);
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (this.#divides) {
      const { left, width } = (event.currentTarget as Element).getBoundingClientRect();
      const share = Math.min(Math.max((event.clientX - left) / width, 0), 1);
      this.position = Math.round(100 * (this.matches(':dir(rtl)') ? 1 - share : share));
    } else if (this.zoom) {
      const [to, spanTo] = span(pointers);
      zoomer?.zoomAt(this, (this.zoom * spanTo) / spanFrom, from, to);
    }
  }

  #onUp(event: PointerEvent) {
    this.#pointers.delete(event.pointerId);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'room-restyler-compare': CompareSlider;
  }
}
