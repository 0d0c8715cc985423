import { ACCEPTED_IMAGE_TYPES } from '@room-restyler/core/image-type';
import { html, LitElement, type PropertyValues } from 'lit';
import { emit } from '../../events.js';
import { buttonStyles } from '../../styles/shared.styles.js';
import styles from './drop-zone.styles.js';

/** The file picker offers what the service accepts; the bytes are checked again after picking. */
const ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

/**
 * Where a visitor drops, chooses or photographs a room picture. Keyboard users reach the
 * "Choose photo" button; on touch devices a second button opens the camera. Content given to it
 * (a refusal) takes the place of the hint.
 *
 * @fires rr-file - internal (stays in the host's shadow root): `detail.file` is the picked File.
 * @fires rr-drag - internal: `detail.dragging` when a file starts or stops hovering.
 * @csspart zone - the dashed drop target.
 */
export class DropZone extends LitElement {
  static override styles = [buttonStyles, styles];
  static override shadowRootOptions = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  static override properties = {
    dragging: { type: Boolean, reflect: true },
    invalid: { type: Boolean, reflect: true },
    heading: {},
    hint: {},
    activeText: {},
    chooseText: {},
    cameraText: {},
    disabled: { type: Boolean },
  };

  declare dragging: boolean;
  declare invalid: boolean;
  declare heading: string;
  declare hint: string;
  declare activeText: string;
  declare chooseText: string;
  declare cameraText: string;
  declare disabled: boolean;
  /** dragenter/dragleave fire for every child crossed; counting them avoids flicker. */
  #depth = 0;

  constructor() {
    super();
    this.dragging = this.invalid = this.disabled = false;
    this.heading = this.hint = this.activeText = this.chooseText = this.cameraText = '';
  }

  override render() {
    return html`<div
      class="zone"
      part="zone"
      @dragenter=${this.#onDragEnter}
      @dragover=${this.#onDragOver}
      @dragleave=${this.#onDragLeave}
      @drop=${this.#onDrop}
      @click=${this.#onZoneClick}
    >
      <svg class="icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.6" aria-hidden="true">
        <path d="M3 20V9l9-6 9 6v11H3ZM9 20v-6h6v6" />
      </svg>
      <div class="title">${this.dragging ? this.activeText : this.heading}</div>
      <div class="hint"><slot>${this.hint}</slot></div>
      <div class="actions">
        <button type="button" class="btn primary" ?disabled=${this.disabled} @click=${() => this.open('file')}>${this.chooseText}</button>
        <button type="button" class="btn camera" ?disabled=${this.disabled} @click=${() => this.open('camera')}>${this.cameraText}</button>
      </div>
      <input id="file" type="file" accept=${ACCEPT} tabindex="-1" aria-hidden="true" @change=${this.#onChange} />
      <input id="camera" type="file" accept="image/*" capture="environment" tabindex="-1" aria-hidden="true" @change=${this.#onChange} />
    </div>`;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('disabled') && this.disabled) this.#reset();
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('dragging') && changed.get('dragging') !== undefined) {
      emit(this, 'rr-drag', { dragging: this.dragging });
    }
  }

  /** Opens the file picker (or the camera on touch devices). */
  open(kind: 'file' | 'camera' = 'file'): void {
    this.renderRoot.querySelector<HTMLInputElement>(`#${kind}`)?.click();
  }

  #onZoneClick(event: MouseEvent) {
    // Clicks on the buttons open their own picker; a click elsewhere on the zone opens the file picker.
    if (!(event.target as Element).closest('button, input')) this.open('file');
  }

  /** A drag of files while enabled is taken: its default (no drop here) is prevented. */
  #takes(event: DragEvent): boolean {
    const takes = !this.disabled && !!event.dataTransfer?.types.includes('Files');
    if (takes) event.preventDefault();
    return takes;
  }

  #onDragEnter(event: DragEvent) {
    if (!this.#takes(event)) return;
    this.#depth++;
    this.dragging = true;
  }

  #onDragOver(event: DragEvent) {
    if (this.#takes(event) && event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  }

  #onDragLeave() {
    if (this.#depth > 0 && --this.#depth === 0) this.dragging = false;
  }

  #onDrop(event: DragEvent) {
    event.preventDefault();
    const file = event.dataTransfer?.files[0];
    this.#reset();
    if (file && !this.disabled) emit(this, 'rr-file', { file });
  }

  #onChange(event: Event) {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    // Clearing lets the same file be picked again after an error.
    input.value = '';
    if (file) emit(this, 'rr-file', { file });
  }

  #reset() {
    this.#depth = 0;
    this.dragging = false;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'room-restyler-drop-zone': DropZone;
  }
}
