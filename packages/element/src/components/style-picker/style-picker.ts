import { html, LitElement } from 'lit';
import { emit } from '../../events.js';
import styles from './style-picker.styles.js';
import { paletteOf } from './swatches.js';

export interface Choice {
  id: string;
  label: string;
}

/**
 * The style choice as cards: a native radio group (arrow keys move and choose, a screen reader
 * says "Scandinavian, radio button, 3 of 13"), each card with a small room drawn in CSS from the
 * style's palette — no image is loaded.
 *
 * @fires rr-style - internal (stays in the host's shadow root): `detail.id` of the chosen style.
 * @csspart card - each style card.
 * @csspart swatch - the drawn preview of a style.
 */
export class StylePicker extends LitElement {
  static override styles = styles;
  static override properties = {
    choices: { attribute: false },
    value: {},
    label: {},
    disabled: { type: Boolean },
  };

  declare choices: readonly Choice[];
  declare value: string;
  declare label: string;
  declare disabled: boolean;

  constructor() {
    super();
    this.choices = [];
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
        ${this.choices.map((choice) => {
          const [main, soft, accent, dark] = paletteOf(choice.id) ?? [];
          return html`<label class="card" part="card">
            <input type="radio" name="style" .value=${choice.id} .checked=${choice.id === this.value} @change=${this.onChange} />
            <span
              class="swatch"
              part="swatch"
              style=${main ? `--w:${soft};--f:${main};--s:${accent};--d:${dark}` : ''}
              aria-hidden="true"
            ></span>
            <span class="name">${choice.label}</span>
          </label>`;
        })}
      </div>
    </fieldset>`;
  }

  private onChange(event: Event) {
    this.value = (event.target as HTMLInputElement).value;
    emit(this, 'rr-style', { id: this.value });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'room-restyler-style-picker': StylePicker;
  }
}
