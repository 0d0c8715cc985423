import { html, LitElement } from 'lit';
import { emit } from '../../events.js';
import styles from './gallery.styles.js';

/**
 * The results of this visit as captioned thumbnails; the pressed one is shown in the comparison.
 *
 * @fires rr-select - internal (stays in the host's shadow root): `detail.index` of the chosen result.
 * @csspart thumb - each thumbnail button.
 */
export class Gallery extends LitElement {
  static override styles = styles;
  static override properties = {
    items: { attribute: false },
    selected: { type: Number },
    label: {},
    itemLabel: { attribute: false },
  };

  declare items: readonly string[];
  declare selected: number;
  declare label: string;
  declare itemLabel: (index: number) => string;

  constructor() {
    super();
    this.items = [];
    this.selected = 0;
    this.label = '';
    this.itemLabel = (i) => String(i + 1);
  }

  override render() {
    return html`<ul aria-label=${this.label}>
      ${this.items.map(
        (url, i) => html`<li>
          <button type="button" part="thumb" aria-pressed=${i === this.selected ? 'true' : 'false'} @click=${() => this.select(i)}>
            <img src=${url} alt="" />
            <span>${this.itemLabel(i)}</span>
          </button>
        </li>`,
      )}
    </ul>`;
  }

  private select(index: number) {
    this.selected = index;
    emit(this, 'rr-select', { index });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'room-restyler-gallery': Gallery;
  }
}
