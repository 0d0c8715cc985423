import { ROOM_TYPES, STYLES, type VocabularyEntry } from '@room-restyler/core/vocabulary';
import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { GenerationFlow, type GenerationRequest } from '../../controllers/generation-flow.js';
import { PasteController, type PasteScope } from '../../controllers/paste-controller.js';
import { downloadName, saveImage } from '../../download.js';
import { errorMessage } from '../../errors/error-message.js';
import { emit, type PartEvent } from '../../events.js';
import { catalogFor, langOf, type Translate, translator } from '../../i18n/localize.js';
import { DEFAULT_LIMITS, type ImageLimits, ImageRejectedError, prepareImage } from '../../image/prepare.js';
import { watchPredictionEvents } from '../../net/prediction-events.js';
import { createProxyClient, type ProxyClient } from '../../net/proxy-client.js';
import { uploadImage } from '../../net/upload.js';
import { visibleClock } from '../../net/visible-clock.js';
import { buttonStyles } from '../../styles/shared.styles.js';
import type { MessageKey } from '../../translations/en.js';
import styles from './room-restyler.styles.js';

/** What the visitor has chosen as the "before" photo. */
interface Photo {
  /** The prepared JPEG, or the URL of a photo on the web. */
  source: Blob | string;
  /** What the <img> shows (an object URL for a Blob). */
  src: string;
}

type View = 'empty' | 'reading' | 'ready' | 'uploading' | 'generating' | 'error' | 'result';

/**
 * Drop in a photo of a room, pick a style, and compare before and after. Talks only to the key
 * proxy at `endpoint`; the API key stays on the server.
 *
 * @tag room-restyler
 *
 * @attr endpoint - URL (absolute or relative to the page) where the key proxy is mounted.
 * @attr mode - `staging` (stage an empty room, default) or `restyle` (restyle a furnished one).
 * @attr room-style - the chosen interior style id, e.g. `scandinavian` (named so because HTML's `style` attribute is inline CSS).
 * @attr room-type - the chosen room type id, e.g. `living_room`.
 * @attr lang - language of the UI (`en`, `de`); defaults to the nearest ancestor's `lang`.
 * @attr paste-scope - `none` (default), `element` (paste while focus is inside) or `document` (paste anywhere on the page).
 * @attr disclose - draw a "Virtually staged" label into downloaded images.
 * @attr name - the form field name; the form value is the chosen result URL.
 *
 * @fires room-restyler-upload-start - Upload of the photo began. `detail: { bytes }`
 * @fires room-restyler-upload-complete - The photo is uploaded. `detail: { url }`
 * @fires room-restyler-generate-start - A generation is being started. `detail: { operation, style, roomType, idempotencyKey }`
 * @fires room-restyler-progress - Upload bytes or elapsed/estimated time. `detail: { phase, elapsedMs, estimatedRemainingMs?, loaded?, total? }`
 * @fires room-restyler-complete - Results are ready. `detail: { output, requestId }`
 * @fires room-restyler-error - Something failed. `detail: { code, message, error }`
 * @fires room-restyler-cancel - The visitor cancelled. `detail: { phase }`
 * @fires room-restyler-download - A result was downloaded. `detail: { url, filename }`
 *
 * @csspart base - the card around everything.
 * @csspart dropzone - the drop zone (its inner `zone` part is exported).
 * @csspart url - the image URL form.
 * @csspart preview - the chosen photo before generating.
 * @csspart mode - the stage/restyle choice.
 * @csspart style - the style select.
 * @csspart room-type - the room type select.
 * @csspart generate - the Generate button.
 * @csspart cancel - the Cancel button.
 * @csspart progress - the progress area (phase, times and bar).
 * @csspart result - the result area.
 * @csspart compare - the before/after slider (inner parts `frame`, `handle` exported).
 * @csspart gallery - thumbnails when there are several results (inner part `thumb` exported).
 * @csspart download - the Download button.
 * @csspart error - the error message box.
 * @csspart retry - the Retry button.
 *
 * @cssprop --room-restyler-accent - Buttons, focus of choices, progress bar. Default `#1d5fd0`.
 * @cssprop --room-restyler-on-accent - Text on accent. Default `#fff`.
 * @cssprop --room-restyler-surface - Card background. Default `#fff`.
 * @cssprop --room-restyler-surface-2 - Drop zone and image backgrounds. Default `#f4f5f7`.
 * @cssprop --room-restyler-text - Text colour. Default `#1c2024`.
 * @cssprop --room-restyler-muted - Secondary text. Default `#5b6470`.
 * @cssprop --room-restyler-border - Borders. Default `#c9ced6`.
 * @cssprop --room-restyler-danger - Errors. Default `#b42318`.
 * @cssprop --room-restyler-focus - Focus ring. Default `#f5a623`.
 * @cssprop --room-restyler-radius - Corner radius. Default `12px`.
 * @cssprop --room-restyler-font - Font shorthand.
 *
 * @cssstate empty - no photo chosen yet.
 * @cssstate dragging - a file is dragged over the drop zone.
 * @cssstate invalid - the last picked file was refused.
 * @cssstate ready - a photo is chosen; waiting for Generate.
 * @cssstate uploading - the photo is being uploaded.
 * @cssstate generating - the service is generating.
 * @cssstate error - the last generation failed.
 * @cssstate result - results are shown.
 */
export class RoomRestyler extends LitElement {
  static formAssociated = true;
  static override shadowRootOptions = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  static override styles = [buttonStyles, styles];
  static override properties = {
    endpoint: {},
    mode: { reflect: true },
    roomStyle: { attribute: 'room-style' },
    roomType: { attribute: 'room-type' },
    pasteScope: { attribute: 'paste-scope' },
    disclose: { type: Boolean },
    name: {},
    styleOptions: { attribute: false },
    roomTypeOptions: { attribute: false },
    limits: { attribute: false },
    photo: { state: true },
    problem: { state: true },
    reading: { state: true },
    dragging: { state: true },
    selected: { state: true },
  };

  /** URL of the key proxy (absolute, or relative to the page). */
  declare endpoint: string;
  declare mode: 'staging' | 'restyle';
  /** The interior style id (attribute `room-style`: HTML reserves `style` for inline CSS). */
  declare roomStyle: string;
  declare roomType: string;
  declare pasteScope: PasteScope;
  declare disclose: boolean;
  declare name: string;
  /** Styles offered (id sent to the service, label shown). Any free-text id also works. */
  declare styleOptions: readonly VocabularyEntry[];
  declare roomTypeOptions: readonly VocabularyEntry[];
  /** File size, minimum dimensions and downscale target. */
  declare limits: ImageLimits;
  declare private photo: Photo | undefined;
  declare private problem: unknown;
  declare private reading: boolean;
  declare private dragging: boolean;
  declare private selected: number;

  private readonly internals = this.attachInternals();
  private t: Translate = translator(catalogFor(undefined));
  private readonly flow = new GenerationFlow(this, {
    client: {
      enhance: (input, options) => this.client().enhance(input, options),
      restyle: (input, options) => this.client().restyle(input, options),
      waitForPrediction: (id, options) => this.client().waitForPrediction(id, options),
    },
    upload: (blob, options) => uploadImage(this.baseUrl(), blob, options),
    watch: (id, options) => watchPredictionEvents(`${this.baseUrl()}/api/v1/prediction/${encodeURIComponent(id)}/events`, options),
    clock: visibleClock(document),
    emit: (name, detail) => emit(this, name, detail),
  });
  private cachedClient: { baseUrl: string; client: ProxyClient } | undefined;

  constructor() {
    super();
    // Registers itself with this host and owns its paste listener from here on.
    new PasteController(this, {
      scope: () => this.pasteScope,
      onImage: (file) => {
        if (this.flow.busy) return false;
        void this.selectFile(file);
        return true;
      },
    });
    this.endpoint = '';
    this.mode = 'staging';
    this.roomStyle = 'modern';
    this.roomType = 'living_room';
    this.pasteScope = 'none';
    this.disclose = false;
    this.name = '';
    this.styleOptions = STYLES;
    this.roomTypeOptions = ROOM_TYPES;
    this.limits = DEFAULT_LIMITS;
    this.photo = undefined;
    this.problem = undefined;
    this.reading = false;
    this.dragging = false;
    this.selected = 0;
  }

  /** The chosen result URL ('' until there is one); also the form value. */
  get value(): string {
    const { state } = this.flow;
    return state.phase === 'succeeded' ? (state.output[this.selected] ?? '') : '';
  }

  get form(): HTMLFormElement | null {
    return this.internals.form;
  }

  /** Uses a photo as if it had been dropped: validates, downscales and shows it. */
  async selectFile(file: Blob): Promise<void> {
    this.flow.reset();
    this.setPhoto(undefined);
    this.problem = undefined;
    this.reading = true;
    try {
      const prepared = await prepareImage(file, this.limits);
      this.setPhoto({ source: prepared.blob, src: URL.createObjectURL(prepared.blob) });
    } catch (error) {
      this.problem = error;
    } finally {
      this.reading = false;
    }
  }

  /** Uses a photo that is already on the web (the service fetches it directly). */
  selectUrl(url: string): void {
    this.flow.reset();
    this.problem = undefined;
    if (URL.canParse(url) && /^https?:$/.test(new URL(url).protocol)) this.setPhoto({ source: url, src: url });
    else this.problem = new ImageRejectedError({ kind: 'url' });
  }

  /** Starts a generation for the chosen photo. A second call while one runs does nothing. */
  generate(): Promise<void> {
    if (!this.photo) return Promise.resolve();
    const choice = { source: this.photo.source, style: this.roomStyle, roomType: this.roomType };
    const request: GenerationRequest =
      this.mode === 'restyle' ? { ...choice, operation: 'restyle' } : { ...choice, operation: 'enhance', mode: this.mode };
    this.selected = 0;
    return this.flow.start(request);
  }

  cancel(): void {
    this.flow.cancel();
  }

  retry(): Promise<void> {
    return this.flow.retry();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.resolveLang();
  }

  static override get observedAttributes(): string[] {
    // biome-ignore lint/complexity/noThisInStatic: `super` must run Lit's getter for this subclass, not for LitElement.
    return [...super.observedAttributes, 'lang'];
  }

  /** `lang` is the global HTML attribute; only its changes are observed here. */
  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (name === 'lang') {
      this.resolveLang();
      this.requestUpdate();
    }
  }

  protected override willUpdate(): void {
    this.view = this.computeView();
  }

  /** The view, derived from the photo and the flow. */
  private view: View = 'empty';

  protected override updated(): void {
    this.internals.setFormValue(this.value);
    for (const state of ['empty', 'ready', 'uploading', 'generating', 'error', 'result'] as const) {
      if (state === this.view) this.internals.states.add(state);
      else this.internals.states.delete(state);
    }
    this.toggleState('dragging', this.dragging);
    this.toggleState('invalid', this.problem !== undefined);
  }

  override render() {
    const { t } = this;
    return html`<section class="card" part="base" aria-label=${t('title')}>
      <div class="sr-only" role="status" aria-live="polite">${this.announcement()}</div>
      ${this.renderStage()} ${this.renderProblem()} ${this.renderControls()} ${this.renderProgress()} ${this.renderFailure()}
    </section>`;
  }

  private renderStage() {
    const { t, photo } = this;
    const { state } = this.flow;
    if (state.phase === 'succeeded' && photo) {
      const after = state.output[this.selected] ?? '';
      return html`<div class="result" part="result">
        <room-restyler-compare
          part="compare"
          exportparts="frame, handle"
          .beforeSrc=${photo.src}
          .afterSrc=${after}
          .beforeLabel=${t('before')}
          .afterLabel=${t('after')}
          .label=${t('compare')}
          .valueText=${(pct: number) => t('compareValue', { pct })}
        ></room-restyler-compare>
        ${
          state.output.length > 1
            ? html`<room-restyler-gallery
              part="gallery"
              exportparts="thumb"
              .items=${state.output}
              .selected=${this.selected}
              .label=${t('results')}
              .itemLabel=${(i: number) => t('resultN', { n: i + 1 })}
              @rr-select=${(e: PartEvent<'rr-select'>) => (this.selected = e.detail.index)}
            ></room-restyler-gallery>`
            : nothing
        }
        <div class="actions">
          <button type="button" class="btn primary" part="download" @click=${() => this.download(after)}>${t('download')}</button>
          <button type="button" class="btn" @click=${this.tryAnother}>${t('tryAnother')}</button>
          <button type="button" class="btn" @click=${this.changePhoto}>${t('changePhoto')}</button>
        </div>
      </div>`;
    }
    if (photo) {
      return html`<div class="preview" part="preview">
        <img src=${photo.src} alt=${t('before')} />
        ${this.flow.busy ? nothing : html`<button type="button" class="btn" @click=${this.changePhoto}>${t('changePhoto')}</button>`}
      </div>`;
    }
    const limits = this.limits;
    return html`<room-restyler-drop-zone
        part="dropzone"
        exportparts="zone"
        .dragging=${this.dragging}
        .invalid=${this.problem !== undefined}
        .disabled=${this.reading}
        .heading=${this.view === 'reading' ? t('phaseReading') : t('dropTitle')}
        .hint=${t('dropHint', { maxMb: Math.round(limits.maxBytes / 1048576), minW: limits.minWidth, minH: limits.minHeight })}
        .activeText=${t('dropActive')}
        .chooseText=${t('chooseFile')}
        .cameraText=${t('takePhoto')}
        @rr-file=${(e: PartEvent<'rr-file'>) => void this.selectFile(e.detail.file)}
        @rr-drag=${(e: PartEvent<'rr-drag'>) => (this.dragging = e.detail.dragging)}
      ></room-restyler-drop-zone>
      <form class="url" part="url" @submit=${this.onUrlSubmit}>
        <label>${t('urlLabel')}<input type="url" name="url" placeholder="https://" autocomplete="off" /></label>
        <button type="submit" class="btn">${t('urlUse')}</button>
      </form>`;
  }

  private renderProblem() {
    if (this.problem === undefined) return nothing;
    return html`<div class="error" part="error"><strong>${errorMessage(this.problem, this.t, this.limits)}</strong></div>`;
  }

  private renderControls() {
    if (!this.photo || this.flow.busy || this.flow.state.phase === 'succeeded') return nothing;
    const { t } = this;
    return html`<fieldset part="mode">
        <legend>${t('mode')}</legend>
        ${(['staging', 'restyle'] as const).map(
          (mode) => html`<label class="choice"
            ><input type="radio" name="mode" .checked=${this.mode === mode} @change=${() => (this.mode = mode)} />${t(
              mode === 'staging' ? 'modeStaging' : 'modeRestyle',
            )}</label
          >`,
        )}
      </fieldset>
      <div class="selects">
        ${this.renderSelect('style', t('style'), this.styleOptions, this.roomStyle, (v) => (this.roomStyle = v))}
        ${this.renderSelect('room-type', t('roomType'), this.roomTypeOptions, this.roomType, (v) => (this.roomType = v))}
      </div>
      <div class="actions">
        <button type="button" class="btn primary" part="generate" @click=${() => void this.generate()}>${t('generate')}</button>
      </div>`;
  }

  private renderSelect(part: string, label: string, entries: readonly VocabularyEntry[], value: string, set: (v: string) => void) {
    // A value outside the list (free text set by the page) is offered too, so it is not lost.
    const all = entries.some((e) => e.id === value) ? entries : [...entries, { id: value, label: value }];
    return html`<label
      >${label}
      <select part=${part} @change=${(e: Event) => set((e.target as HTMLSelectElement).value)}>
        ${all.map((e) => html`<option value=${e.id} ?selected=${e.id === value}>${e.label}</option>`)}
      </select></label
    >`;
  }

  private renderProgress() {
    const { state } = this.flow;
    const { t } = this;
    let head: string;
    let time = '';
    let bar: TemplateResult;
    if (state.phase === 'uploading') {
      const pct = state.total > 0 ? Math.round((state.loaded / state.total) * 100) : 0;
      head = t('phaseUploading');
      time = t('uploaded', { pct });
      bar = html`<div class="bar" role="progressbar" aria-label=${head} aria-valuemin="0" aria-valuemax="100" aria-valuenow=${pct} aria-valuetext=${time} style="--_fill:${pct}%"><span></span></div>`;
    } else if (state.phase === 'generating') {
      const elapsed = Math.round(state.elapsedMs / 1000);
      const left = Math.round(state.estimatedRemainingMs / 1000);
      head = t('phaseGenerating');
      time = `${t('elapsed', { s: elapsed })} · ${left > 0 ? t('remaining', { s: left }) : t('almost')}`;
      // The bar measures time (elapsed of the estimated total), never a made-up share of the work.
      bar =
        left > 0
          ? html`<div class="bar" role="progressbar" aria-label=${head} aria-valuemin="0" aria-valuemax=${elapsed + left} aria-valuenow=${elapsed} aria-valuetext=${time} style="--_fill:${(elapsed / (elapsed + left)) * 100}%"><span></span></div>`
          : html`<div class="bar indeterminate" role="progressbar" aria-label=${head} aria-valuetext=${time}><span></span></div>`;
    } else {
      return nothing;
    }
    return html`<div class="progress" part="progress">
      <div class="progress-head"><span>${head}</span><span class="time">${time}</span></div>
      ${bar}
      <div class="actions"><button type="button" class="btn" part="cancel" @click=${() => this.cancel()}>${t('cancel')}</button></div>
    </div>`;
  }

  private renderFailure() {
    const { state } = this.flow;
    if (state.phase !== 'failed') return nothing;
    return html`<div class="error" part="error">
      <strong>${errorMessage(state.error, this.t, this.limits)}</strong>
      <div class="actions">
        <button type="button" class="btn primary" part="retry" @click=${() => void this.retry()}>${this.t('retry')}</button>
        <button type="button" class="btn" @click=${this.changePhoto}>${this.t('changePhoto')}</button>
      </div>
    </div>`;
  }

  private computeView(): View {
    const phase = this.flow.state.phase;
    if (phase === 'uploading' || phase === 'generating') return phase;
    if (phase === 'succeeded') return 'result';
    if (phase === 'failed') return 'error';
    if (this.reading) return 'reading';
    return this.photo ? 'ready' : 'empty';
  }

  /**
   * The text of the one polite live region, derived from the view: it changes (and is announced)
   * when the phase changes, not on every progress tick.
   */
  private announcement(): string {
    const { t, view } = this;
    const { state } = this.flow;
    if (state.phase === 'failed') return `${t('phaseFailed')} ${errorMessage(state.error, t, this.limits)}`;
    if (this.problem !== undefined) return errorMessage(this.problem, t, this.limits);
    const keys: Partial<Record<View, MessageKey>> = {
      reading: 'phaseReading',
      uploading: 'phaseUploading',
      generating: 'phaseGenerating',
      result: 'phaseDone',
    };
    const key = keys[view];
    return key ? t(key) : '';
  }

  private toggleState(state: string, on: boolean) {
    if (on) this.internals.states.add(state);
    else this.internals.states.delete(state);
  }

  private resolveLang() {
    this.t = translator(catalogFor(langOf(this)));
  }

  private baseUrl(): string {
    return new URL(this.endpoint || '.', document.baseURI).href.replace(/\/+$/, '');
  }

  private client() {
    const baseUrl = this.baseUrl();
    if (this.cachedClient?.baseUrl !== baseUrl) {
      // Cookies identify the visitor to the proxy, also when it lives on another origin.
      this.cachedClient = { baseUrl, client: createProxyClient(baseUrl) };
    }
    return this.cachedClient.client;
  }

  private setPhoto(photo: Photo | undefined) {
    if (this.photo && typeof this.photo.source !== 'string') URL.revokeObjectURL(this.photo.src);
    this.photo = photo;
  }

  private onUrlSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    this.selectUrl(String(data.get('url') ?? '').trim());
  };

  private tryAnother = () => {
    // Back to the choices with the same photo: its upload is reused, only a new generation starts.
    this.flow.reset();
    this.requestUpdate();
  };

  private changePhoto = () => {
    this.flow.reset();
    this.setPhoto(undefined);
    this.problem = undefined;
  };

  private async download(url: string) {
    const filename = downloadName(this.roomType, this.roomStyle, this.selected);
    await saveImage(url, filename, this.disclose ? this.t('disclosure') : undefined);
    emit(this, 'room-restyler-download', { url, filename });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'room-restyler': RoomRestyler;
  }
}
