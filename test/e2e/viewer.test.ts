/**
 * The full-screen comparison with real input (issue 27 point 3), on a desktop with a mouse and on a
 * phone with touch: the Full screen button sits inside the picture's frame; zooming (Ctrl+wheel, the
 * zoom buttons, a two-finger pinch) keeps the photo's point under the pointer, the view's middle or
 * the pinch still; a drag pans by its distance; a drag on the handle moves the divider; and the
 * handle stays inside the viewport at every step. Screenshots go to test-output/viewer/.
 */
import { mkdir } from 'node:fs/promises';
import type { CDPSession, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoInChromium, dropPhoto, VIEWPORTS } from '../support/demo.js';

type Box = { x: number; y: number; width: number; height: number };
type Point = [number, number];

const SHOTS = new URL('../test-output/viewer/', import.meta.url).pathname;

/** Boxes in the compare that is in view (the full-screen one once it is open), and its divider's value. */
const boxes = (page: Page) =>
  page.evaluate(() => {
    const host = document.querySelector('room-restyler')!.shadowRoot!;
    const compare = host.querySelector('dialog room-restyler-compare') ?? host.querySelector('room-restyler-compare')!;
    const inner = compare.shadowRoot!;
    const box = (el: Element | null) => {
      const { x, y, width, height } = el!.getBoundingClientRect();
      return { x, y, width, height };
    };
    return {
      frame: box(inner.querySelector('.frame')),
      photo: box(inner.querySelector('img')),
      handle: box(inner.querySelector('.handle')),
      tags: [...inner.querySelectorAll('.tag')].map(box),
      button: compare.querySelector('[part~="fullscreen"]') && box(compare.querySelector('[part~="fullscreen"]')),
      position: Number(inner.querySelector('input')!.value),
      viewport: { x: 0, y: 0, width: innerWidth, height: innerHeight },
    };
  });

const inside = (a: Box, b: Box) =>
  a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const centre = (b: Box): Point => [b.x + b.width / 2, b.y + b.height / 2];
/** Where the photo's point (fractions of its box) shows. */
const at = (photo: Box, [u, v]: Point): Point => [photo.x + u * photo.width, photo.y + v * photo.height];
/** The photo's point (fractions of its box) under a viewport point. */
const under = (photo: Box, [x, y]: Point): Point => [(x - photo.x) / photo.width, (y - photo.y) / photo.height];

/** Fails unless `a` and `b` are within 3 px. */
function near(a: Point, b: Point, what: string) {
  expect(Math.hypot(a[0] - b[0], a[1] - b[1]), `${what}: ${a} vs ${b}`).toBeLessThan(3);
}

/** Runs a step, then checks that the handle is inside the viewport. */
async function step(page: Page, what: string, act: () => Promise<unknown>) {
  await act();
  await page.evaluate(() => new Promise(requestAnimationFrame));
  const b = await boxes(page);
  expect(inside(b.handle, b.viewport), `the handle in view after ${what}: ${JSON.stringify(b.handle)}`).toBe(true);
  return b;
}

/** A mouse drag (or one finger's) from `from` by `by`, through the browser's input pipeline. */
async function drag(cdp: CDPSession, touch: boolean, [x, y]: Point, [dx, dy]: Point) {
  const points = [0, 0.25, 0.5, 0.75, 1].map((t) => [x + dx * t, y + dy * t] as Point);
  if (touch) {
    for (const [i, [px, py]] of points.entries())
      await cdp.send('Input.dispatchTouchEvent', { type: i ? 'touchMove' : 'touchStart', touchPoints: [{ x: px, y: py, id: 1 }] });
    return cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', buttons: 1, clickCount: 1 });
  for (const [px, py] of points)
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: px, y: py, button: 'left', buttons: 1 });
  const [ex, ey] = points.at(-1)!;
  return cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x: ex, y: ey, button: 'left', buttons: 0, clickCount: 1 });
}

/** Two fingers about `mid`, `from` px apart spreading to `to` px apart (horizontally). */
async function pinch(cdp: CDPSession, [x, y]: Point, from: number, to: number) {
  const fingers = (gap: number) => [
    { x: x - gap / 2, y, id: 1 },
    { x: x + gap / 2, y, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(from) });
  for (let i = 1; i <= 8; i++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(from + ((to - from) * i) / 8) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

describe('the full-screen comparison', () => {
  const { visit } = demoInChromium();
  beforeAll(() => mkdir(SHOTS, { recursive: true }));

  for (const [device, options] of Object.entries(VIEWPORTS)) {
    const touch = device === 'phone';
    it(`on a ${device}: zooms about the pointer, pans by a drag and keeps the handle in view`, async () => {
      const { context, page, cdp, widget } = await visit(options);
      try {
        await dropPhoto(page);
        await widget.locator('[part~="generate"]').click();
        await widget.locator('[part~="fullscreen"]').waitFor();
        await page.waitForFunction(() =>
          [
            ...document
              .querySelector('room-restyler')!
              .shadowRoot!.querySelector('room-restyler-compare')!
              .shadowRoot!.querySelectorAll('img'),
          ].every((i) => i.complete && i.naturalWidth > 0),
        );
        await widget.locator('[part~="fullscreen"]').scrollIntoViewIfNeeded();

        // The Full screen button sits in a corner of the picture, clear of the handle and the labels.
        const inline = await boxes(page);
        expect(
          inside(inline.button!, inline.frame),
          `the button ${JSON.stringify(inline.button)} in the frame ${JSON.stringify(inline.frame)}`,
        ).toBe(true);
        for (const other of [inline.handle, ...inline.tags]) expect(overlap(inline.button!, other), JSON.stringify(other)).toBe(false);
        await widget.locator('[part~="result"]').screenshot({ path: `${SHOTS}${device}-inline.png` });

        if (touch) await widget.locator('[part~="fullscreen"]').tap();
        else await widget.locator('[part~="fullscreen"]').click();
        await page.waitForFunction(() => document.querySelector('room-restyler')!.shadowRoot!.querySelector('dialog')?.open);
        let b = await step(page, 'opening', async () => undefined);
        await page.screenshot({ path: `${SHOTS}${device}-fitted.png` });

        const output = widget.locator('dialog output');
        if (touch) {
          // A pinch about a point left of the middle: the photo's point there stays under the fingers.
          const mid: Point = [b.frame.x + b.frame.width * 0.35, b.frame.y + b.frame.height / 2];
          const point = under(b.photo, mid);
          b = await step(page, 'a pinch', () => pinch(cdp, mid, 40, 120));
          expect(await output.textContent()).toMatch(/^300\s?%$/);
          near(at(b.photo, point), mid, 'the point under the pinch');
        } else {
          // Ctrl+wheel about a point: the photo's point there stays under the pointer.
          const pointer: Point = [b.frame.x + b.frame.width * 0.4, b.frame.y + b.frame.height * 0.45];
          const point = under(b.photo, pointer);
          for (let notch = 0; notch < 2; notch++)
            b = await step(page, 'Ctrl+wheel', () =>
              cdp.send('Input.dispatchMouseEvent', {
                type: 'mouseWheel',
                x: pointer[0],
                y: pointer[1],
                deltaX: 0,
                deltaY: -100,
                modifiers: 2,
              }),
            );
          expect(b.photo.width).toBeGreaterThan(inline.frame.width * 2);
          near(at(b.photo, point), pointer, 'the point under the pointer');
        }

        // A drag away from the handle pans by its distance.
        const start: Point = [b.frame.x + b.frame.width * 0.2, b.frame.y + b.frame.height * 0.3];
        const moved = await step(page, 'a drag', () => drag(cdp, touch, start, [60, 40]));
        near([moved.photo.x, moved.photo.y], [b.photo.x + 60, b.photo.y + 40], 'the photo after a drag');
        expect(moved.position).toBe(b.position);

        // The zoom buttons zoom about the middle of the view.
        const middle = centre(moved.frame);
        const point = under(moved.photo, middle);
        b = await step(page, 'Zoom in', () => widget.locator('dialog [aria-label="Zoom in"]').click());
        near(at(b.photo, point), middle, 'the middle after Zoom in');

        // Panned as far as it goes each way: the handle stays in view, the photo covers the view.
        for (const by of [
          [2000, 2000],
          [-4000, -4000],
        ] as Point[]) {
          b = await step(page, `a drag by ${by}`, () =>
            drag(cdp, touch, [b.frame.x + b.frame.width * 0.25, b.frame.y + b.frame.height * 0.25], by),
          );
          expect(inside(b.frame, b.photo)).toBe(true);
        }
        await page.screenshot({ path: `${SHOTS}${device}-zoomed.png` });

        // A drag on the handle moves the divider; the handle stays in view even at the edge.
        b = await step(page, 'a drag on the handle', () => drag(cdp, touch, centre(b.handle), [-b.frame.width, 0]));
        expect(b.position).toBe(0);
        await page.screenshot({ path: `${SHOTS}${device}-handle-at-edge.png` });

        const zoomOut = widget.locator('dialog [aria-label="Zoom out"]');
        b = await step(page, 'Zoom out', async () => {
          while (!(await zoomOut.isDisabled())) await zoomOut.click();
        });
        expect(await output.textContent()).toMatch(/^100\s?%$/);
        expect(inside(b.photo, b.frame) && inside(b.frame, b.photo)).toBe(true);
      } finally {
        await context.close();
      }
    });
  }
});
