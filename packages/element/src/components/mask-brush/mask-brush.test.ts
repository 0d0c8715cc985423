import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../mask-brush.js';
import type { RoomRestylerEvent } from '../../events.js';
import { emulateMedia, expectAccessible, makePhoto, screenshot, swipe, until } from '../../test/helpers.js';
import type { MaskBrush } from './mask-brush.js';

/** The mask's pixels; `white(x, y)` in the photo's pixels. */
interface Pixels {
  width: number;
  height: number;
  white(x: number, y: number): boolean;
  /** Every pixel is pure white or pure black, opaque. */
  binary: boolean;
}

async function read(mask: Blob): Promise<Pixels> {
  expect(mask.type).to.equal('image/png');
  const bitmap = await createImageBitmap(mask);
  const { width, height } = bitmap;
  const ctx = new OffscreenCanvas(width, height).getContext('2d') as OffscreenCanvasRenderingContext2D;
  ctx.drawImage(bitmap, 0, 0);
  const data = ctx.getImageData(0, 0, width, height).data;
  let binary = true;
  for (let i = 0; i < data.length; i += 4) {
    const v = data[i];
    if ((v !== 0 && v !== 255) || data[i + 1] !== v || data[i + 2] !== v || data[i + 3] !== 255) binary = false;
  }
  return { width, height, binary, white: (x, y) => data[(y * width + x) * 4] === 255 };
}

/** The whole mask as rows of 0 and 1. */
function rows(pixels: Pixels): string[] {
  return Array.from({ length: pixels.height }, (_, y) =>
    Array.from({ length: pixels.width }, (_, x) => (pixels.white(x, y) ? 1 : 0)).join(''),
  );
}

const part = (el: MaskBrush, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)!;
/** What the live region says. */
const status = (el: MaskBrush) => el.shadowRoot!.querySelector('[role="status"]')!.textContent;

/** A 200×100 photo shown 400 px wide (2 CSS px per photo pixel), loaded. */
async function mount(): Promise<MaskBrush> {
  const photo = URL.createObjectURL(await makePhoto(200, 100, 'image/png', 'room.png'));
  const el = await fixture<MaskBrush>(html`<room-restyler-mask-brush style="width: 400px" src=${photo}></room-restyler-mask-brush>`);
  await until(() => (part(el, 'mask') as HTMLCanvasElement).width === 200, 'the photo to load');
  await el.updateComplete;
  return el;
}

/** Where the photo's pixel x, y is in the viewport. */
function at(el: MaskBrush, x: number, y: number): [number, number] {
  const box = part(el, 'mask').getBoundingClientRect();
  return [Math.round(box.left + (x * box.width) / 200), Math.round(box.top + (y * box.height) / 100)];
}

const nextMask = async (el: MaskBrush) =>
  ((await oneEvent(el, 'room-restyler-mask-change')) as RoomRestylerEvent<'room-restyler-mask-change'>).detail;

/** Drags the mouse through the photo's pixels `points`; resolves with the mask it made. */
async function paint(el: MaskBrush, points: [number, number][]) {
  const changed = nextMask(el);
  await sendMouse({ type: 'move', position: at(el, ...points[0]!) });
  await sendMouse({ type: 'down' });
  for (const point of points.slice(1)) await sendMouse({ type: 'move', position: at(el, ...point) });
  await sendMouse({ type: 'up' });
  return changed;
}

/** A stroke by a pen or a finger, as the pointer events the browser sends for it. */
async function strokeAs(el: MaskBrush, pointerType: string, points: [number, number][]) {
  const canvas = part(el, 'mask');
  const changed = nextMask(el);
  const event = (type: string, [x, y]: [number, number]) =>
    canvas.dispatchEvent(
      new PointerEvent(type, {
        pointerId: 7,
        pointerType,
        isPrimary: true,
        bubbles: true,
        clientX: x,
        clientY: y,
        button: type === 'pointermove' ? -1 : 0,
      }),
    );
  event('pointerdown', at(el, ...points[0]!));
  for (const point of points.slice(1)) event('pointermove', at(el, ...point));
  event('pointerup', at(el, ...points.at(-1)!));
  return changed;
}

describe('room-restyler-mask-brush', () => {
  afterEach(() => emulateMedia([]));

  it('has no mask before its photo has loaded', async () => {
    const el = await fixture<MaskBrush>(html`<room-restyler-mask-brush></room-restyler-mask-brush>`);
    let refusal: unknown;
    await el.toBlob().catch((error: unknown) => {
      refusal = error;
    });
    expect(String(refusal)).to.include('has not loaded');
  });

  it('paints white under a mouse stroke and nothing elsewhere, at the photo’s natural size', async () => {
    const el = await mount();
    // 32 CSS px wide on a photo shown at twice its size: 16 photo pixels, 8 either side of the line.
    const { mask, empty } = await paint(el, [
      [50, 50],
      [100, 50],
      [150, 50],
    ]);
    expect(empty).to.equal(false);
    const pixels = await read(mask);
    expect([pixels.width, pixels.height]).to.deep.equal([200, 100]);
    expect(pixels.binary).to.equal(true);
    for (const [x, y] of [
      [50, 50],
      [100, 50],
      [150, 50],
      [100, 45],
      [100, 55],
      [46, 50],
      [154, 50],
    ] as const) {
      expect(pixels.white(x, y), `${x}, ${y} under the stroke`).to.equal(true);
    }
    for (const [x, y] of [
      [100, 38],
      [100, 62],
      [36, 50],
      [164, 50],
      [0, 0],
      [199, 99],
      [10, 90],
    ] as const) {
      expect(pixels.white(x, y), `${x}, ${y} beside it`).to.equal(false);
    }
  });

  it('paints with a pen and a finger too', async () => {
    for (const pointerType of ['pen', 'touch']) {
      const el = await mount();
      const pixels = await read(
        (
          await strokeAs(el, pointerType, [
            [20, 20],
            [60, 20],
          ])
        ).mask,
      );
      expect(pixels.white(40, 20), pointerType).to.equal(true);
      expect(pixels.white(40, 60), pointerType).to.equal(false);
    }
  });

  it('undoes stroke by stroke, and clears', async () => {
    const el = await mount();
    const undo = part(el, 'undo') as HTMLButtonElement;
    const clear = part(el, 'clear') as HTMLButtonElement;
    expect([undo.disabled, clear.disabled]).to.deep.equal([true, true]);
    const first = await paint(el, [
      [30, 30],
      [60, 30],
    ]);
    const second = await paint(el, [
      [140, 70],
      [170, 70],
    ]);
    expect((await read(second.mask)).white(155, 70)).to.equal(true);
    expect([undo.disabled, clear.disabled]).to.deep.equal([false, false]);

    let changed = nextMask(el);
    undo.click();
    const undone = await changed;
    expect(rows(await read(undone.mask))).to.deep.equal(rows(await read(first.mask)));
    expect(undone.empty).to.equal(false);
    expect(status(el)).to.equal('Last mark undone. Marks left: 1.');

    await paint(el, [[100, 50]]);
    changed = nextMask(el);
    clear.click();
    const cleared = await changed;
    expect(cleared.empty).to.equal(true);
    expect(rows(await read(cleared.mask)).join('')).not.to.include('1');
    await el.updateComplete;
    expect([undo.disabled, clear.disabled]).to.deep.equal([true, true]);
    expect(status(el)).to.equal('Area cleared.');
  });

  it('starts another photo with no marks, at that photo’s size', async () => {
    const el = await mount();
    await paint(el, [[100, 50]]);
    el.src = URL.createObjectURL(await makePhoto(120, 90, 'image/png', 'other.png'));
    await until(() => (part(el, 'mask') as HTMLCanvasElement).width === 120, 'the other photo to load');
    const pixels = await read(await el.toBlob());
    expect([pixels.width, pixels.height]).to.deep.equal([120, 90]);
    expect(rows(pixels).join('')).not.to.include('1');
    expect((part(el, 'undo') as HTMLButtonElement).disabled).to.equal(true);
  });

  it('adds exactly the rectangle chosen with the keyboard, announced as it moves', async () => {
    const el = await mount();
    const stage = part(el, 'stage');
    // Focused by a stroke: the rectangle shows from the first key on.
    await paint(el, [[10, 90]]);
    expect(el.shadowRoot!.activeElement).to.equal(stage);
    expect(getComputedStyle(part(el, 'selection')).display).to.equal('none');
    const cleared = nextMask(el);
    el.clear();
    await cleared;
    // It starts at 40 %, 40 %, 20 % × 20 %; steps are 2 % of the photo.
    for (const press of ['ArrowRight', 'ArrowRight', 'ArrowDown']) await sendKeys({ press });
    await sendKeys({ down: 'Shift' });
    for (const press of ['ArrowRight', 'ArrowUp']) await sendKeys({ press });
    await sendKeys({ up: 'Shift' });
    await el.updateComplete;
    expect(getComputedStyle(part(el, 'selection')).display).to.equal('block');
    expect(getComputedStyle(stage).outlineStyle).to.equal('solid');
    expect(status(el)).to.equal('Rectangle 44% from the left, 42% from the top, 22% wide, 18% high.');
    const changed = nextMask(el);
    await sendKeys({ press: 'Enter' });
    const pixels = await read((await changed).mask);
    // 44 %, 42 %, 22 % × 18 % of 200 × 100: x 88–131, y 42–59.
    const expected = Array.from({ length: 100 }, (_, y) =>
      Array.from({ length: 200 }, (_, x) => (x >= 88 && x < 132 && y >= 42 && y < 60 ? 1 : 0)).join(''),
    );
    expect(rows(pixels)).to.deep.equal(expected);
    expect(status(el)).to.equal('Rectangle added to the area to change. Marks: 1.');
    // A second one is announced too: the count changes the text.
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(status(el)).to.equal('Rectangle added to the area to change. Marks: 2.');
    // The rectangle stays inside the photo.
    for (let i = 0; i < 40; i++) await sendKeys({ press: 'ArrowLeft' });
    expect(status(el)).to.match(/^Rectangle 0% from the left/);
  });

  it('keeps a finger painting from scrolling the page, while the page around it scrolls', async () => {
    const el = await mount();
    const spacer = document.createElement('div');
    spacer.style.height = '3000px';
    el.after(spacer);
    try {
      expect(getComputedStyle(part(el, 'mask')).touchAction).to.equal('none');
      expect(getComputedStyle(part(el, 'toolbar')).touchAction).to.equal('auto');
      const changed = nextMask(el);
      await swipe(...at(el, 100, 80), -60);
      const { empty } = await changed;
      expect(empty).to.equal(false);
      expect(window.scrollY).to.equal(0);
      // The same swipe beside the photo scrolls: the check above could have seen a scroll.
      const below = spacer.getBoundingClientRect();
      await swipe(below.left + 100, below.top + 100, -200);
      await until(() => window.scrollY > 0, 'the page to scroll');
    } finally {
      spacer.remove();
      window.scrollTo(0, 0);
    }
  });

  it('is accessible and speaks German and French', async () => {
    const el = await mount();
    await expectAccessible(el);
    for (const [lang, undo, hint] of [
      ['de', 'Rückgängig', /^Übermalen Sie/],
      ['fr', 'Annuler', /^Peignez/],
    ] as const) {
      el.lang = lang;
      await until(() => part(el, 'undo').textContent === undo, `the ${lang} texts`);
      expect(part(el, 'hint').textContent).to.match(hint);
      expect(part(el, 'stage').getAttribute('aria-label')).to.include(lang === 'de' ? 'Bereich' : 'zone');
    }
  });

  it('is screenshotted with a stroke and the rectangle, and shows both in forced colours', async () => {
    /** A brush with a stroke across the photo and the keyboard's rectangle in view, screenshotted as `name`. */
    const marked = async (name: string) => {
      const el = await mount();
      await paint(el, [
        [40, 30],
        [160, 70],
      ]);
      part(el, 'stage').focus();
      await sendKeys({ press: 'ArrowDown' });
      await screenshot(name, 800, 'room-restyler-mask-brush');
      return el;
    };
    (await marked('mask-brush')).remove();
    await emulateMedia([{ name: 'forced-colors', value: 'active' }]);
    const forced = await marked('mask-brush-forced-colors');
    // The marks are painted in the system's Highlight colour, as is the rectangle's border.
    const highlight = getComputedStyle(part(forced, 'mask')).color;
    expect(getComputedStyle(part(forced, 'selection')).borderTopColor).to.equal(highlight);
    const painted = (part(forced, 'mask') as HTMLCanvasElement).getContext('2d')!.getImageData(100, 50, 1, 1).data;
    const [r, g, b] = highlight.match(/\d+/g)!.map(Number);
    expect([...painted.slice(0, 3)].map((v, i) => Math.abs(v - [r, g, b][i]!))).to.satisfy((d: number[]) => d.every((v) => v <= 1));
  });

  it('moves the rectangle without a transition for reduced motion', async () => {
    const el = await mount();
    expect(getComputedStyle(part(el, 'selection')).transitionDuration).to.not.equal('0s');
    await emulateMedia([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    expect(getComputedStyle(part(el, 'selection')).transitionDuration).to.equal('0s');
  });
});
