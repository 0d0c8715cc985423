/** Test helpers shared by the browser tests (never bundled). */
import { executeServerCommand } from '@web/test-runner-commands';

/** A JPEG (or PNG) "photo" of the given size, drawn on a canvas. */
export async function makePhoto(width: number, height: number, type = 'image/jpeg', name = 'room.jpg'): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#e8e2d6');
  gradient.addColorStop(1, '#a98763');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  const blob = await canvas.convertToBlob({ type, quality: 0.9 });
  return new File([blob], name, { type });
}

/** A fetched sample room photo from samples/. */
export async function samplePhoto(name = 'living-room'): Promise<File> {
  const blob = await (await fetch(`/samples/${name}.jpg`)).blob();
  return new File([blob], `${name}.jpg`, { type: 'image/jpeg' });
}

/** What a test backend (test/backends.mjs) has seen: uploads the proxy stored, starts the proxy and the service received, the widget's polls and event streams. */
export interface BackendStats {
  uploads: { bytes: number; type: string }[];
  starts: { key: string; operation: string; body: Record<string, string> }[];
  /** The starts the proxy received: the path under the mount and the JSON body. */
  received: { path: string; body: Record<string, unknown> }[];
  polls: number;
  events: number;
}

export async function backendStats(endpoint: string): Promise<BackendStats> {
  return (await fetch(`${endpoint}/__stats`)).json();
}

interface AxeResult {
  violations: { id: string; help: string; nodes: { target: string[] }[] }[];
}
declare global {
  interface Window {
    axe?: { run(context: Element, options?: object): Promise<AxeResult> };
  }
}

/** Runs axe-core on an element (shadow roots included) and fails with the rules it breaks. */
export async function expectAccessible(element: Element): Promise<void> {
  if (!window.axe) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = '/node_modules/axe-core/axe.min.js';
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('could not load axe-core'));
      document.head.append(script);
    });
  }
  const result = await window.axe!.run(element, { resultTypes: ['violations'] });
  const found = result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
  if (found.length) throw new Error(`axe violations:\n${found.join('\n')}`);
}

/** Saves a PNG of `selector` (the whole viewport for '') at a viewport `width` px wide (test/page-commands.mjs). */
export function screenshot(name: string, width = 800, selector = 'room-restyler'): Promise<unknown> {
  return executeServerCommand('screenshot', { name, width, selector });
}

/** Emulates CSS media features, e.g. `[{ name: 'forced-colors', value: 'active' }]`; `[]` resets them. */
export function emulateMedia(features: { name: string; value: string }[]): Promise<unknown> {
  return executeServerCommand('media', { features });
}

/** Swipes a finger from `x`, `y` (CSS px in the viewport) `yDistance` px down (negative: up), as Chromium's real touch input. */
export function swipe(x: number, y: number, yDistance: number): Promise<unknown> {
  return executeServerCommand('swipe', { x, y, yDistance });
}

/** A real touch tap at `x`, `y` (CSS px in the viewport), as Chromium's touch input. */
export function tap(x: number, y: number): Promise<unknown> {
  return executeServerCommand('tap', { x, y });
}

/** Makes the viewport `width` × `height` px (a phone's); `tap` touches it. */
export function phoneViewport(width: number, height: number): Promise<unknown> {
  return executeServerCommand('viewport', { width, height });
}

/**
 * Resolves when `predicate` holds, checking after every animation frame. `timeoutMs` is a safety net
 * naming what never came, long because a busy machine makes every step slow.
 */
export async function until(predicate: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!predicate()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => requestAnimationFrame(r));
  }
}
