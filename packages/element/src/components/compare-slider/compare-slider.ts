import { html, LitElement } from 'lit';
import styles from './compare-slider.styles.js';

/**
 * A before/after comparison driven by a native `<input type="range">`, so it has an accessible
 * name and value, arrow/Page/Home/End keys, touch and mouse for free; the range only moves the
 * clip. The value is the share of the "before" image shown from the inline start, which also
 * makes right-to-left layouts mirror correctly. The frame takes the "before" photo's shape, as
 * large as fits the element, so the divider never leaves the picture; `zoom` enlarges it (the
 * full-screen view scrolls).
 *
 * @csspart frame - the image frame.
 * @csspart handle - the round handle on the divider.
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
    valueText: { attribute: false },
  };

  declare beforeSrc: string;
  declare afterSrc: string;
  declare beforeLabel: string;
  declare afterLabel: string;
  declare label: string;
  /** 0–100: how much of the "before" image shows. */
  declare position: number;
  /** 1 fits the images into the element; 2 doubles their size (the element scrolls). */
  declare zoom: number;
  /** Width / height of the "before" photo, once it has loaded. */
  declare private ratio: number;
  declare valueText: (position: number) => string;

  constructor() {
    super();
    this.beforeSrc = this.afterSrc = this.beforeLabel = this.afterLabel = this.label = '';
    this.position = 50;
    this.zoom = 1;
    this.ratio = 4 / 3;
    this.valueText = (p) => `${p}%`;
  }

  override render() {
    return html`<div class="frame" part="frame" style="--_pos:${this.position}%;--_zoom:${this.zoom};--_ratio:${this.ratio}">
      <img class="before" src=${this.beforeSrc} alt=${this.beforeLabel} @load=${this.#onLoad} />
      <img class="after" src=${this.afterSrc} alt=${this.afterLabel} />
      <span class="tag b" aria-hidden="true">${this.beforeLabel}</span>
      <span class="tag a" aria-hidden="true">${this.afterLabel}</span>
      <input
        type="range"
        .value=${String(this.position)}
        aria-label=${this.label}
        aria-valuetext=${this.valueText(this.position)}
        @input=${this.#onInput}
        @pointermove=${this.#onPointerMove}
      />
      <div class="divider" aria-hidden="true">
        <span class="handle" part="handle">
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><path d="m9 6-6 6 6 6M15 6l6 6-6 6" /></svg>
        </span>
      </div>
    </div>`;
  }

  #onLoad(event: Event) {
    const { naturalWidth, naturalHeight } = event.target as HTMLImageElement;
    if (naturalHeight) this.ratio = naturalWidth / naturalHeight;
  }

  #onInput(event: Event) {
    this.position = Number((event.target as HTMLInputElement).value);
  }

  /** Chromium's range follows a pressed mouse or finger, not a pen (it captures only the mouse): a pen moves the divider here. */
  #onPointerMove({ buttons, pointerType, offsetX, target }: PointerEvent) {
    const share = offsetX / (target as HTMLElement).offsetWidth;
    if (buttons && pointerType === 'pen') this.position = Math.round(100 * (this.matches(':dir(rtl)') ? 1 - share : share));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'room-restyler-compare': CompareSlider;
  }
}
