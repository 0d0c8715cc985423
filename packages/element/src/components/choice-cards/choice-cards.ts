import { html, LitElement } from 'lit';
import { emit } from '../../events.js';
import { optionStyles } from '../../styles/options.styles.js';
import styles from './choice-cards.styles.js';

/** One card: what is sent back when it is chosen, its name, and its picture (none: a plain tile). */
export interface Card {
  id: string;
  label: string;
  image?: string | undefined;
  /** A picture of the style, over the plain tile (which stays while it loads, and if it fails). */
  preview?: string | undefined;
}

/**
 * A single choice shown as cards — the style cards and the results of the visit. A native radio
 * group: arrow keys move and choose, a screen reader says "Scandinavian, radio button, 3 of 13".
 * A card without an image shows its style's preview picture (loaded lazily) over a plain tile,
 * which is all it shows until, or unless, the picture loads. The `wrap` attribute lays the cards
 * out in rows at every width (else, on a phone, a sideways scroller of two rows).
 *
 * @fires rr-choose - internal (stays in the host's shadow root): `detail.id` of the chosen card.
 * @csspart card - each card.
 * @csspart swatch - the tile that holds a style's preview picture.
 */
export class ChoiceCards extends LitElement {
  static override styles = [optionStyles, styles];
  static override properties = {
    cards: { attribute: false },
    value: {},
    label: {},
    disabled: { type: Boolean },
  };

  declare cards: readonly Card[];
  declare value: string;
  declare label: string;
  declare disabled: boolean;
  /** A radio button in each card; the multi-select of style-grid/ makes it a checkbox. */
  protected type = 'radio';
  #failed = new Set<string>();

  constructor() {
    super();
    this.cards = [];
    this.value = this.label = '';
    this.disabled = false;
  }

  /** Focuses the chosen card (or the first), as arrow keys would continue from it. */
  override focus(options?: FocusOptions): void {
    const radios = [...this.renderRoot.querySelectorAll('input')];
    (radios.find((r) => r.checked) ?? radios[0])?.focus(options);
  }

  override render() {
    return html`<fieldset ?disabled=${this.disabled}>
      <legend>${this.label}</legend>
      <div class="cards">
        ${this.cards.map(
          ({ id, label, image, preview }) =>
            html`<label class="card option" part="card">
            <input type=${this.type} name="choice" .value=${id} .checked=${this.isChecked(id)} ?disabled=${this.isOff(id)} @change=${this.onChange} />
            ${
              image
                ? html`<img src=${image} alt="" />`
                : html`<span class="swatch" part="swatch"
                    >${
                      preview && !this.#failed.has(preview)
                        ? html`<img src=${preview} alt="" loading="lazy" decoding="async" @error=${() => this.#fail(preview)} />`
                        : ''
                    }</span
                  >`
            }
            <span class="name">${label}</span>
          </label>`,
        )}
      </div>
    </fieldset>`;
  }

  /** A preview that failed is not asked for again (the tile shows); another URL for the card is tried. */
  #fail(preview: string) {
    this.#failed.add(preview);
    this.requestUpdate();
  }

  protected isChecked(id: string): boolean {
    return id === this.value;
  }

  /** A card that cannot be chosen now (none of a radio group's). */
  protected isOff(_id: string): boolean {
    return false;
  }

  protected onChange(event: Event): void {
    this.value = (event.target as HTMLInputElement).value;
    emit(this, 'rr-choose', { id: this.value });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'room-restyler-cards': ChoiceCards;
  }
}
