import { html, LitElement, type PropertyValues } from 'lit';
import { emit } from '../../events.js';
import { LangController } from '../../i18n/lang-controller.js';
import { buttonStyles } from '../../styles/shared.styles.js';
import { themeStyles } from '../../styles/theme.styles.js';
import { type MaskBrushMessages, maskBrushMessages } from './mask-brush.messages.js';
import styles from './mask-brush.styles.js';

type Point = [number, number];
type Context = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** One mark on the mask, in the photo's pixels: a brush stroke, or a rectangle chosen with the keyboard. */
type Stroke = { kind: 'stroke'; width: number; points: Point[] };
type Mark = Stroke | { kind: 'rect'; x: number; y: number; w: number; h: number };
/** x, y, width, height. */
type Box = [number, number, number, number];

/** The keyboard rectangle moves and resizes in steps of this many percent of the photo. */
const STEP = 2;
const ARROWS: Record<string, Point> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

/** Draws a stroke's points from `from` on: a new segment while painting, all of it when redrawn. */
function drawStroke(ctx: Context, { width, points }: Stroke, from = 0) {
  const [first, ...rest] = points.slice(Math.max(0, from - 1)) as [Point, ...Point[]];
  ctx.lineWidth = width;
  ctx.beginPath();
  if (rest.length) {
    ctx.moveTo(...first);
    for (const point of rest) ctx.lineTo(...point);
    ctx.stroke();
  } else {
    ctx.arc(...first, width / 2, 0, 2 * Math.PI);
    ctx.fill();
  }
}

/** Sets the colour and round ends that every mark is drawn with. */
function ink(ctx: Context, colour: string) {
  ctx.fillStyle = ctx.strokeStyle = colour;
  ctx.lineCap = ctx.lineJoin = 'round';
}

function drawMarks(ctx: Context, marks: readonly Mark[], colour: string) {
  ink(ctx, colour);
  for (const mark of marks) {
    if (mark.kind === 'rect') ctx.fillRect(mark.x, mark.y, mark.w, mark.h);
    else drawStroke(ctx, mark);
  }
}

/**
 * Marks the part of a photo to change, for the service's inpaint and modify operations: the visitor
 * paints over the photo with a round brush (mouse, touch or pen), or, from the keyboard, moves and
 * sizes a rectangle (arrow keys, Shift+arrow keys) and adds it with Enter. Undo takes back the last
 * mark, Clear all of them. Not part of `<room-restyler>`'s bundle: `@room-restyler/element/mask-brush`
 * defines it, for a page or the widget to import when a mask operation is offered.
 *
 * The mask is a PNG at the photo's natural size, white where the photo is to change and black where
 * it is kept: the service's convention ("white areas will be modified", docs.bright-shot.com,
 * Image Generation → Modify with mask, and Object Manipulation → Inpaint with mask).
 *
 * @tag room-restyler-mask-brush
 *
 * @attr src - URL of the photo to mark.
 * @attr brush-size - the brush's diameter on screen, in CSS pixels (default 32).
 * @attr lang - language of the texts (`en`, `de`, `fr`); defaults to the nearest ancestor's `lang`.
 * @attr theme - `light`, `dark`, or unset to follow `prefers-color-scheme`.
 *
 * @fires room-restyler-mask-change - A mark was added, undone or cleared. `detail: { mask, empty }`: the mask as a PNG Blob, and whether it marks nothing.
 *
 * @csspart stage - the photo with the mask over it; focusable, it takes the keyboard's rectangle.
 * @csspart photo - the photo.
 * @csspart mask - the canvas the marks are painted on.
 * @csspart selection - the keyboard's rectangle (shown while the stage has keyboard focus).
 * @csspart toolbar - the brush size, Undo and Clear.
 * @csspart size - the brush size slider.
 * @csspart undo - the Undo button.
 * @csspart clear - the Clear button.
 * @csspart hint - how to mark, with the pointer or the keyboard.
 * @csspart status - a live region, shown too: where the keyboard's rectangle is, and what the last action did.
 *
 * @cssprop --room-restyler-mask - Colour of the marks over the photo (shown at 55 % opacity). Default: the accent.
 * @cssprop --room-restyler-mask-height - The most height the photo takes. Default `70vh`.
 */
export class MaskBrush extends LitElement {
  static override styles = [themeStyles, buttonStyles, styles];
  static override properties = {
    src: {},
    brushSize: { type: Number, attribute: 'brush-size' },
    marks: { state: true },
    selection: { state: true },
    ratio: { state: true },
    announcement: { state: true },
  };

  declare src: string;
  declare brushSize: number;
  declare private marks: readonly Mark[];
  /** The keyboard's rectangle: x, y, width and height in percent of the photo. */
  declare private selection: Box;
  /** Width / height of the photo, once it has loaded. */
  declare private ratio: number;
  declare private announcement: string;
  readonly #lang = new LangController(this);
  /** Whether the canvas has the photo's natural size yet. */
  #loaded = false;
  /** The stroke being painted, and the pointer painting it (one at a time: a second finger does not paint). */
  #stroke: { pointer: number; mark: Stroke } | undefined;

  constructor() {
    super();
    this.src = this.announcement = '';
    this.brushSize = 32;
    this.marks = [];
    this.selection = [40, 40, 20, 20];
    this.ratio = 4 / 3;
  }

  get #t(): MaskBrushMessages {
    return maskBrushMessages(this.#lang.localizer.lang);
  }

  get #canvas(): HTMLCanvasElement {
    return this.renderRoot.querySelector('canvas') as HTMLCanvasElement;
  }

  override render() {
    const t = this.#t;
    const [x, y, w, h] = this.selection;
    return html`<div
        class="stage"
        part="stage"
        style="--_ratio:${this.ratio}"
        tabindex="0"
        role="application"
        aria-label=${t.area}
        aria-describedby="hint"
        @keydown=${this.#onKey}
      >
        <img part="photo" src=${this.src} alt="" draggable="false" @load=${this.#onLoad} />
        <canvas part="mask" @pointerdown=${this.#onDown} @pointermove=${this.#onMove} @pointerup=${this.#onUp} @pointercancel=${this.#onUp}></canvas>
        <div class="selection" part="selection" style="left:${x}%;top:${y}%;width:${w}%;height:${h}%"></div>
      </div>
      <div class="toolbar" part="toolbar">
        <label>${t.size}<input type="range" part="size" min="4" max="160" .value=${String(this.brushSize)} @input=${this.#onSize} /></label>
        <button type="button" class="btn" part="undo" ?disabled=${!this.marks.length} @click=${this.undo}>${t.undo}</button>
        <button type="button" class="btn" part="clear" ?disabled=${!this.marks.length} @click=${this.clear}>${t.clear}</button>
      </div>
      <p id="hint" class="hint" part="hint">${t.hint}</p>
      <p class="status" part="status" role="status">${this.announcement}</p>`;
  }

  protected override willUpdate(changed: PropertyValues): void {
    // Marks belong to one photo: another one starts with none, and has no mask until it has loaded.
    if (changed.has('src')) {
      this.#loaded = false;
      this.marks = [];
    }
  }

  protected override updated(changed: PropertyValues): void {
    if (changed.has('marks')) this.#redraw();
  }

  /** The mask as a PNG at the photo's natural size: white marks (change), black elsewhere (keep). Rejects before the photo has loaded. */
  async toBlob(): Promise<Blob> {
    if (!this.#loaded) throw new Error('The photo has not loaded');
    const { width, height } = this.#canvas;
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, width, height);
    drawMarks(ctx, this.marks, '#fff');
    // A brush's edges are antialiased: each pixel is made white or black, so no grey is left to the service's reading.
    const image = ctx.getImageData(0, 0, width, height);
    const data = image.data;
    for (let i = 0; i < data.length; i += 4) data[i] = data[i + 1] = data[i + 2] = (data[i] as number) < 128 ? 0 : 255;
    ctx.putImageData(image, 0, 0);
    return canvas.convertToBlob({ type: 'image/png' });
  }

  /** Takes back the last mark (a stroke or a rectangle). */
  undo(): void {
    if (this.marks.length) this.#change(this.marks.slice(0, -1), this.#t.undone(this.marks.length - 1));
  }

  /** Takes back every mark. */
  clear(): void {
    if (this.marks.length) this.#change([], this.#t.cleared);
  }

  /** The new marks, and what the live region says of them (a stroke says nothing: it is seen where it is made). */
  #change(marks: readonly Mark[], announcement = this.announcement) {
    this.marks = marks;
    this.announcement = announcement;
    void this.toBlob().then((mask) => emit(this, 'room-restyler-mask-change', { mask, empty: !marks.length }));
  }

  #redraw() {
    const canvas = this.#canvas;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    drawMarks(ctx, this.marks, getComputedStyle(canvas).color);
  }

  /** The canvas takes the photo's natural size: the mask's. */
  #onLoad(event: Event) {
    const { naturalWidth, naturalHeight } = event.target as HTMLImageElement;
    Object.assign(this.#canvas, { width: naturalWidth, height: naturalHeight });
    this.#loaded = true;
    this.ratio = naturalWidth / naturalHeight;
  }

  #onSize(event: Event) {
    this.brushSize = Number((event.target as HTMLInputElement).value);
  }

  /** A pointer's place in the photo's pixels. */
  #at({ clientX, clientY }: PointerEvent): Point {
    const canvas = this.#canvas;
    const box = canvas.getBoundingClientRect();
    return [((clientX - box.left) * canvas.width) / box.width, ((clientY - box.top) * canvas.height) / box.height];
  }

  #onDown(event: PointerEvent) {
    if (this.#stroke || event.button !== 0 || !this.#loaded) return;
    const canvas = this.#canvas;
    try {
      canvas.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser does not know (a synthetic event) paints without capture.
    }
    const width = (this.brushSize * canvas.width) / canvas.getBoundingClientRect().width;
    const mark: Stroke = { kind: 'stroke', width, points: [this.#at(event)] };
    this.#stroke = { pointer: event.pointerId, mark };
    this.#paint(mark, 0);
  }

  #onMove(event: PointerEvent) {
    if (event.pointerId !== this.#stroke?.pointer) return;
    const { mark } = this.#stroke;
    const from = mark.points.length;
    // Every position the pointer passed since the last frame, so a fast stroke keeps its curve.
    const moves = event.getCoalescedEvents?.() ?? [];
    for (const move of moves.length ? moves : [event]) mark.points.push(this.#at(move));
    this.#paint(mark, from);
  }

  #onUp(event: PointerEvent) {
    const stroke = this.#stroke;
    if (event.pointerId !== stroke?.pointer) return;
    this.#stroke = undefined;
    this.#change([...this.marks, stroke.mark]);
  }

  /** Draws the stroke being painted from its `from`-th point on, over what is drawn already. */
  #paint(mark: Stroke, from: number) {
    const canvas = this.#canvas;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    ink(ctx, getComputedStyle(canvas).color);
    drawStroke(ctx, mark, from);
  }

  /** Arrow keys move the rectangle, Shift+arrow keys resize it, Enter adds it to the mask. */
  #onKey(event: KeyboardEvent) {
    const arrow = ARROWS[event.key];
    if (event.key === 'Enter' && this.#loaded) {
      event.preventDefault();
      const { width, height } = this.#canvas;
      const [x, y, w, h] = this.selection.map((p, i) => Math.round(((i % 2 ? height : width) * p) / 100)) as Box;
      this.#change([...this.marks, { kind: 'rect', x, y, w, h }], this.#t.added(this.marks.length + 1));
    } else if (arrow && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      const [x, y, w, h] = this.selection;
      const [dx, dy] = arrow.map((d) => d * STEP) as Point;
      this.selection = event.shiftKey
        ? [x, y, clamp(w + dx, STEP, 100 - x), clamp(h + dy, STEP, 100 - y)]
        : [clamp(x + dx, 0, 100 - w), clamp(y + dy, 0, 100 - h), w, h];
      const { localizer } = this.#lang;
      const percents = this.selection.map((p) => localizer.percent(p / 100)) as [string, string, string, string];
      this.announcement = this.#t.selection(...percents);
    }
  }
}

// The brush's event joins the element's typed events (and so `addEventListener`'s map) where the brush
// is imported; declared here so that the widget's own modules, and its bundle, stay as they are.
declare module '../../events.js' {
  interface RoomRestylerEventDetails {
    /** The mask brush's marks changed: the mask as a PNG at the photo's natural size (white: change, black: keep), and whether it marks nothing. */
    'room-restyler-mask-change': { mask: Blob; empty: boolean };
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'room-restyler-mask-brush': MaskBrush;
  }
}
