import type { GenerationPhase, OperationBody, ProxyClientOptions } from '@room-restyler/core';
import { labelFor, ROOM_TYPES, STYLES, type VocabularyEntry } from '@room-restyler/core/vocabulary';
import { adoptStyles, html, LitElement, nothing, type TemplateResult } from 'lit';
import { type FlowDependencies, GenerationFlow, type GenerationRequest, type OperationStart } from '../../controllers/generation-flow.js';
import { PasteController, type PasteScope } from '../../controllers/paste-controller.js';
import { downloadName, saveImage } from '../../download.js';
import { adviceFor, errorMessage, limitParams, type Remedy, waitFor } from '../../errors/error-message.js';
import { emit, type PartEvent } from '../../events.js';
import { LangController } from '../../i18n/lang-controller.js';
import { checkImageUrl, loadImages } from '../../image/load.js';
import { DEFAULT_LIMITS, type ImageLimits, prepareImage } from '../../image/prepare.js';
import { watchPredictionEvents } from '../../net/prediction-events.js';
import { fetchWithProgress } from '../../net/upload.js';
import { visibleClock } from '../../net/visible-clock.js';
import { optionStyles } from '../../styles/options.styles.js';
import { buttonStyles } from '../../styles/shared.styles.js';
import { themeStyles } from '../../styles/theme.styles.js';
import type { MessageKey } from '../../translations/en.js';
import type { Card } from '../choice-cards/choice-cards.js';
import type { StyleTries } from '../style-grid/style-grid.js';
import type { Operations } from './operations.js';
import styles from './room-restyler.styles.js';

/** What the visitor has chosen as the "before" photo. */
interface Photo {
  /** The prepared JPEG, or the URL of a photo on the web. */
  source: Blob | string;
  /** What the <img> shows (an object URL for a Blob). */
  src: string;
}

/** One generated image of this visit. */
interface Result {
  src: string;
  style: string;
  roomType: string;
  /** 1, 2, … among the results of the same style, for its label. */
  n: number;
}

/** What the form keeps for a restored page (back/forward, session restore). */
interface SavedState {
  photo: string;
  results: Result[];
  shown: number;
}

type View = 'empty' | 'reading' | 'ready' | 'uploading' | 'generating' | 'downloading' | 'error' | 'result' | 'grid';
const BUSY: readonly View[] = ['uploading', 'generating', 'downloading'];
const STATES = ['empty', 'ready', 'uploading', 'generating', 'downloading', 'error', 'result', 'grid'] as const;
const MAIN_PHASES: Partial<Record<View, MessageKey>> = {
  reading: 'phaseReading',
  uploading: 'phaseUploading',
  generating: 'phaseGenerating',
  downloading: 'phaseLoading',
  result: 'phaseDone',
};
const REMEDY_LABELS: Partial<Record<Remedy, MessageKey>> = { retry: 'retry', again: 'again', photo: 'otherPhoto' };

/**
 * Drop in a photo of a room, pick a style, and compare before and after. Talks only to the key
 * proxy at `endpoint`; the API key stays on the server.
 *
 * @tag room-restyler
 *
 * @attr endpoint - URL (absolute or relative to the page) where the key proxy is mounted.
 * @attr mode - `staging` (stage an empty room, default) or `restyle` (restyle a furnished one).
 * @attr operations - the operations offered, a comma list of the service's operationIds (default `enhance,restyle`: staging and restyling), e.g. `enhance,clearSky,inpaint`; the site's proxy must allow them.
 * @attr room-style - the chosen interior style id, e.g. `scandinavian` (named so because HTML's `style` attribute is inline CSS).
 * @attr room-type - the chosen room type id, e.g. `living_room`.
 * @attr try-styles - "try N styles" (2 or more; unset: off): the visitor may choose to compare up to this many styles, sees their price before the click, and one click starts them all into a comparison grid; the proxy keeps it within the visitor's limits and its `stylesPerTry`. Loaded on first use.
 * @attr lang - language of the UI (`en`, `de`, `fr`, or any registered); defaults to the nearest ancestor's `lang`, followed at run time.
 * @attr theme - `light`, `dark`, or unset to follow the visitor's `prefers-color-scheme`.
 * @attr paste-scope - `none` (default), `element` (paste while focus is inside) or `document` (paste anywhere on the page).
 * @attr disclose - draw a "Virtually staged" label into downloaded images.
 * @attr name - the form field name; the form value is the chosen result URL.
 * @attr required - a form with this element cannot be submitted before a result is chosen.
 * @attr disabled - no interaction (also inside a disabled `<fieldset>`).
 *
 * @fires room-restyler-upload-start - Upload of the photo began. `detail: { bytes }`
 * @fires room-restyler-upload-complete - The photo is uploaded. `detail: { url }`
 * @fires room-restyler-generate-start - A generation is being started. `detail: { operation, style, roomType, idempotencyKey }`
 * @fires room-restyler-progress - The one progress bar moved. `detail: { phase, progress, elapsedMs, estimatedRemainingMs?, loaded?, total? }`
 * @fires room-restyler-complete - Results are loaded and shown. `detail: { output, requestId }`
 * @fires room-restyler-error - Something failed. `detail: { code, message, error }`
 * @fires room-restyler-cancel - The visitor cancelled. `detail: { phase }`
 * @fires room-restyler-download - A result was downloaded. `detail: { url, filename }`
 *
 * @csspart base - the card around everything.
 * @csspart stage - the picture area (drop zone, photo, comparison).
 * @csspart dropzone - the drop zone (its inner `zone` part is exported).
 * @csspart url - the image URL form.
 * @csspart preview - the chosen photo before and while generating.
 * @csspart mode - the choice of operation (stage/restyle by default).
 * @csspart view-type - the window view select (windowView).
 * @csspart prompt - the text of the change, or the objects to remove or blur.
 * @csspart mask-brush - the mask brush over the photo (inpaint, modify); its `stage` and `toolbar` are exported as `mask-stage` and `mask-toolbar`.
 * @csspart style - the style cards, a radio group (inner parts `card`, `swatch` exported); checkboxes with `try-styles`.
 * @csspart try-styles - the choice to compare several styles (`try-styles`), a checkbox in its label.
 * @csspart price - the price of the styles picked (`try-styles`), e.g. "3 styles · 3 credits".
 * @csspart grid - the comparison grid (`try-styles`): the original and each style, labelled.
 * @csspart grid-cell - a style's cell in the grid (`data-style` is its id); inner parts `grid-result` (opens it), `grid-error`, `grid-retry`.
 * @csspart room-type - the room type select.
 * @csspart generate - the Generate button.
 * @csspart show-results - the button back to the results (when there are some).
 * @csspart cancel - the Cancel button.
 * @csspart progress - the status line and bar while working.
 * @csspart status - the status line otherwise.
 * @csspart result - the result area.
 * @csspart compare - the before/after slider (inner parts `frame`, `handle` exported).
 * @csspart after - the result of a text-only operation (`freestyle`, `generateFromText`), shown alone instead of the slider.
 * @csspart fullscreen - the Full screen button.
 * @csspart viewer - the full-screen comparison dialog.
 * @csspart gallery - the results of this visit, a radio group of the one shown (inner part `thumb`: each card).
 * @csspart compare-with - the select of what the result is compared with.
 * @csspart download - the Download button.
 * @csspart try-another - the Try another style button.
 * @csspart change-photo - the Change photo button.
 * @csspart notice - the message after Cancel.
 * @csspart error - the error message.
 * @csspart retry - the button that fixes the error (Retry, Generate again, Choose another photo).
 *
 * @cssprop --room-restyler-accent - Buttons, chosen cards, progress bar; the text on it is black or white, whichever contrasts more (4.58:1 or more for any colour). One colour, or `light-dark(light, dark)` for a lighter one in the dark scheme. Default `#1d5fd0` (dark: `#8ab4ff`).
 * @cssprop --room-restyler-surface - Card background. Default `#fff` (dark: `#17191c`).
 * @cssprop --room-restyler-surface-2 - Drop zone and image backgrounds. Default `#f3f4f6` (dark: `#23262b`).
 * @cssprop --room-restyler-text - Text colour. Default `#1c2024` (dark: `#eceef1`).
 * @cssprop --room-restyler-muted - Secondary text. Default `#59626e` (dark: `#a6aeb9`).
 * @cssprop --room-restyler-border - Borders of controls (3:1 against the surfaces). Default `#767e89` (dark: `#7b8390`).
 * @cssprop --room-restyler-danger - Errors. Default `#b42318` (dark: `#ff8b80`).
 * @cssprop --room-restyler-focus - Focus ring. Default `#c2410c` (dark: `#ffb454`).
 * @cssprop --room-restyler-radius - Corner radius. Default `12px`.
 * @cssprop --room-restyler-font - Font shorthand.
 *
 * @cssstate empty - no photo chosen yet.
 * @cssstate dragging - a file is dragged over the drop zone.
 * @cssstate invalid - the last picked file or URL was refused.
 * @cssstate ready - a photo is chosen; waiting for Generate.
 * @cssstate uploading - the photo is being uploaded.
 * @cssstate generating - the service is generating.
 * @cssstate downloading - the result images are loading.
 * @cssstate error - the last generation failed.
 * @cssstate result - results are shown.
 * @cssstate grid - the comparison grid of several styles is shown (`try-styles`).
 */
export class RoomRestyler extends LitElement {
  static formAssociated = true;
  static override styles = [themeStyles, buttonStyles, optionStyles, styles];
  static override properties = {
    endpoint: {},
    mode: { reflect: true },
    operations: {},
    roomStyle: { attribute: 'room-style' },
    roomType: { attribute: 'room-type' },
    tryStyles: { attribute: 'try-styles', type: Number },
    theme: { reflect: true },
    pasteScope: { attribute: 'paste-scope' },
    disclose: { type: Boolean },
    name: {},
    required: { type: Boolean, reflect: true },
    disabled: { type: Boolean, reflect: true },
    styleOptions: { attribute: false },
    stylePreviews: { attribute: false },
    roomTypeOptions: { attribute: false },
    limits: { attribute: false },
    photo: { state: true },
    problem: { state: true },
    reading: { state: true },
    dragging: { state: true },
    results: { state: true },
    shown: { state: true },
    against: { state: true },
    showResults: { state: true },
    notice: { state: true },
    zoom: { state: true },
    formDisabled: { state: true },
  };

  /** URL of the key proxy (absolute, or relative to the page). */
  declare endpoint: string;
  declare mode: 'staging' | 'restyle';
  /** The operationIds offered, comma-separated; '' offers staging and restyling. */
  declare operations: string;
  /** The interior style id (attribute `room-style`: HTML reserves `style` for inline CSS). */
  declare roomStyle: string;
  declare roomType: string;
  /** The most styles a visitor may try at once (attribute `try-styles`); below 2 the visitor picks one. */
  declare tryStyles: number;
  /** `light` or `dark`; unset follows `prefers-color-scheme`. */
  declare theme: 'light' | 'dark' | undefined;
  declare pasteScope: PasteScope;
  declare disclose: boolean;
  declare name: string;
  declare required: boolean;
  declare disabled: boolean;
  /** Styles offered (id sent to the service, label shown). Any free-text id also works. */
  declare styleOptions: readonly VocabularyEntry[];
  /** The site's own picture of a style (URL by style id), instead of the proxy's preview of a known style. */
  declare stylePreviews: Readonly<Record<string, string>>;
  declare roomTypeOptions: readonly VocabularyEntry[];
  /** File size, minimum dimensions and downscale target. */
  declare limits: ImageLimits;
  declare private photo: Photo | undefined;
  declare private problem: unknown;
  declare private reading: boolean;
  declare private dragging: boolean;
  /** The results of this visit, oldest first: "try another style" adds to them. */
  declare private results: Result[];
  /** The result on the "after" side, and what it is compared with (-1: the original photo). */
  declare private shown: number;
  declare private against: number;
  /** The results are on display (else the choices, for another style). */
  declare private showResults: boolean;
  declare private notice: MessageKey | undefined;
  /** The full-screen view's zoom; 0 when it is closed. */
  declare private zoom: number;
  declare private formDisabled: boolean;

  #internals = this.attachInternals();
  #language = new LangController(this);
  #flowDeps: FlowDependencies = {
    client: () => this.#client(),
    // A photo on a slow line takes longer than core's 30 s per call.
    upload: async (blob, { onProgress, ...options }) =>
      (await (await this.#client({ fetch: fetchWithProgress(onProgress), timeoutMs: 120_000 })).upload(blob, options)).url,
    watch: (id, options) => watchPredictionEvents(`${this.#baseUrl()}/api/v1/prediction/${encodeURIComponent(id)}/events`, options),
    load: (urls, { onLoaded }) => loadImages(urls, onLoaded),
    done: (output, request) => this.#addResults(output, request),
    clock: visibleClock(document),
    emit: (name, detail) => emit(this, name, detail),
  };
  #flow = new GenerationFlow(this, this.#flowDeps);
  /** The view, derived from the photo, the results and the flow before each render. */
  #view: View = 'empty';
  /** Which control holds focus in the current view; focus moves when it changes. */
  #focusKey = '';
  /** Focus was inside and has not moved to anything outside (a removed button leaves it nowhere). */
  #hadFocus = false;
  /** The failure on display, the phase it happened in, and when its wait is over. */
  #failure: unknown;
  #failedIn: GenerationPhase | undefined;
  #waitUntil = 0;
  #waitTimer: ReturnType<typeof setTimeout> | undefined;
  /** The full-screen view, loaded when it is first opened. */
  #viewer: typeof import('./viewer.js') | undefined;
  /** The site's chosen operations, loaded once `operations` is set. */
  #ops: Operations | undefined;
  #opsLoaded: Promise<void> | undefined;
  /** Several styles at once, loaded once `try-styles` asks for them. */
  #tries: StyleTries | undefined;
  #triesLoaded: Promise<void> | undefined;

  constructor() {
    super();
    // Registers itself with this host and owns its paste listener from here on.
    new PasteController(this, {
      scope: () => this.pasteScope,
      onImage: (file) => {
        if (this.#flow.busy || this.formDisabled) return false;
        void this.selectFile(file);
        return true;
      },
    });
    this.addEventListener('focusin', () => (this.#hadFocus = true));
    this.addEventListener('focusout', (event) => (this.#hadFocus &&= !event.relatedTarget));
    this.endpoint = '';
    this.mode = 'staging';
    this.operations = '';
    this.roomStyle = 'modern';
    this.roomType = 'living_room';
    this.tryStyles = 0;
    this.pasteScope = 'none';
    this.disclose = this.required = this.disabled = false;
    this.name = '';
    this.styleOptions = STYLES;
    this.stylePreviews = {};
    this.roomTypeOptions = ROOM_TYPES;
    this.limits = DEFAULT_LIMITS;
    this.reading = this.dragging = this.showResults = this.formDisabled = false;
    this.results = [];
    this.shown = this.zoom = 0;
    this.against = -1;
  }

  /** The chosen result URL ('' until there is one); also the form value. */
  get value(): string {
    return this.results[this.shown]?.src ?? '';
  }

  get form(): HTMLFormElement | null {
    return this.#internals.form;
  }

  get validity(): ValidityState {
    return this.#internals.validity;
  }

  get validationMessage(): string {
    return this.#internals.validationMessage;
  }

  checkValidity(): boolean {
    return this.#internals.checkValidity();
  }

  reportValidity(): boolean {
    return this.#internals.reportValidity();
  }

  /**
   * Focuses the first element that takes focus (inner parts focus what they hold), as `delegatesFocus`
   * would. The shadow root does not delegate: with it, a press on a part that holds no control (a card's
   * picture, a label) sent focus to the first control at the top and scrolled the page, and the release
   * missed the card.
   */
  override focus(options?: FocusOptions): void {
    for (const element of this.renderRoot.querySelectorAll<HTMLElement>('*')) {
      element.focus(options);
      if (this.shadowRoot?.activeElement) return;
    }
  }

  /** Uses a photo as if it had been dropped: validates, downscales and shows it. */
  async selectFile(file: Blob): Promise<void> {
    await this.#choosePhoto(async () => {
      const prepared = await prepareImage(file, this.limits);
      return { source: prepared.blob, src: URL.createObjectURL(prepared.blob) };
    });
  }

  /** Uses a photo that is already on the web (the service fetches it directly), once it loads as an image here. */
  async selectUrl(url: string): Promise<void> {
    await this.#choosePhoto(async () => {
      await checkImageUrl(url, this.limits);
      return { source: url, src: url };
    });
  }

  /** Starts a generation for the chosen photo and choices. A second call while one runs does nothing. */
  async generate(): Promise<void> {
    if (this.#opsLoaded) await this.#opsLoaded;
    if (this.#triesLoaded) await this.#triesLoaded;
    if (!(this.photo || this.#ops?.photoless)) return;
    const { roomStyle: style, roomType } = this;
    const tries = this.#multi();
    const start: (OperationStart & { mask?: Blob | undefined; style?: string; source?: undefined }) | undefined = tries?.picked[1]
      ? tries.request()
      : (this.#startFor(style) ?? this.#ops?.start());
    if (!start) return;
    this.notice = undefined;
    return this.#flow.start({ source: this.photo?.source, style, roomType, ...start });
  }

  /** Stops the running generation (every style of a comparison too); says whether its credit may already be spent. */
  cancel(): void {
    this.#tries?.cancel();
    const phase = this.#flow.cancel();
    if (phase) this.notice = phase === 'uploading' ? 'cancelFree' : 'cancelSpent';
  }

  /** Runs the failed action again (same Idempotency-Key: no second credit for it). */
  retry(): Promise<void> {
    return this.#flow.retry();
  }

  formResetCallback(): void {
    this.#clearPhoto();
    this.roomStyle = this.getAttribute('room-style') ?? 'modern';
    this.roomType = this.getAttribute('room-type') ?? 'living_room';
    this.mode = this.getAttribute('mode') === 'restyle' ? 'restyle' : 'staging';
    this.#ops?.reset();
  }

  formDisabledCallback(disabled: boolean): void {
    this.formDisabled = disabled;
  }

  /** Back/forward navigation or a restored session: the photo and results come back once they load again. */
  formStateRestoreCallback(state: unknown): void {
    if (typeof state !== 'string') return;
    const saved = JSON.parse(state) as SavedState;
    void this.#choosePhoto(async () => {
      await loadImages([saved.photo, ...saved.results.map((r) => r.src)], () => {});
      this.results = saved.results;
      this.shown = saved.shown;
      this.showResults = true;
      return { source: saved.photo, src: saved.photo };
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#waitTimer);
    this.#waitTimer = undefined;
  }

  protected override willUpdate(): void {
    // A module that fails to load (a network error) leaves staging and restyling offered.
    this.#opsLoaded ??= this.operations
      ? import('./operations.js').then(
          ({ Operations }) => {
            this.#ops = new Operations(this, () => this.#choose({}));
          },
          () => {},
        )
      : undefined;
    // Its own module, loaded when `try-styles` asks for it (beside the CDN file too).
    this.#triesLoaded ??=
      this.tryStyles > 1
        ? import('../style-grid/style-grid.js').then(
            ({ StyleTries }) => {
              this.#tries = new StyleTries(this, {
                flow: (deps) => new GenerationFlow(this, { ...this.#flowDeps, ...deps }),
                emit: this.#flowDeps.emit,
                startTries: async (body, options) => (await this.#client()).startTries(body, options),
                // Asked only while #multi() holds: staging or restyling, whose start is defined.
                startFor: (style) => this.#startFor(style) as OperationStart,
                added: (output, request) => this.#addResults(output, request, false),
                open: (src) =>
                  this.#show(
                    this.results.findIndex((r) => r.src === src),
                    -1,
                  ),
                changed: () => this.#choose({}),
              });
            },
            () => {},
          )
        : undefined;
    const { state } = this.#flow;
    if (state.phase === 'failed' && state.error !== this.#failure) {
      this.#failure = state.error;
      this.#failedIn = state.failedIn;
      this.#waitUntil = Date.now() + waitFor(state.error);
      // The visitor reads that previews are unavailable; the site's developer learns why here.
      if (adviceFor(state.error, state.failedIn)[0] === 'errConfig') {
        const endpoint = this.#baseUrl();
        void import('../../errors/setup-problem.js').then(({ setupProblem }) => console.error(setupProblem(state.error, endpoint)));
      }
    }
    this.#view = this.#computeView();
  }

  protected override updated(): void {
    const internals = this.#internals;
    const view = this.#view;
    const saved: SavedState | undefined =
      this.photo && this.results.length
        ? { photo: this.#flow.uploadedUrl(this.photo.source) ?? '', results: this.results, shown: this.shown }
        : undefined;
    internals.setFormValue(this.value, saved?.photo ? JSON.stringify(saved) : null);
    const missing = this.required && !this.value;
    internals.setValidity(
      { valueMissing: missing },
      missing ? this.#language.localizer.t('required') : '',
      this.#$<HTMLElement>('.foot .btn') ?? undefined,
    );
    for (const state of STATES) this.#toggleState(state, state === view);
    this.#toggleState('dragging', this.dragging);
    this.#toggleState('invalid', this.problem !== undefined);
    this.#scheduleWaitTick();
    this.#moveFocus();
    // The dialog is there only while the full-screen view is on.
    const viewer = this.#$<HTMLDialogElement>('dialog');
    if (!viewer?.open) viewer?.showModal();
  }

  override render() {
    const { t } = this.#language.localizer;
    const view = this.#view;
    const error = view === 'error';
    const canChange = this.photo && !BUSY.includes(view) && !(error && this.#remedy() === 'photo');
    // The heading names what the chosen operation does, in its own verb.
    const title = this.#ops?.label(this.#language.localizer.lang) ?? t(this.#operation() === 'restyle' ? 'titleRestyle' : 'title');
    return html`<section class="card" part="base" aria-label=${title} ?inert=${this.formDisabled}>
        <div class="sr-only" role="status" aria-live=${error || this.problem !== undefined ? 'assertive' : 'polite'}>${this.#announcement()}</div>
        <div class="head">
          <span class="title">${title}</span>
          ${
            canChange
              ? html`<button type="button" class="btn" part="change-photo" @click=${this.#clearPhoto}>${t('changePhoto')}</button>`
              : nothing
          }
        </div>
        <div class="panel">
          <div class="show"><div class="stage" part="stage">${this.#renderStage()}</div>${this.#renderResults()}</div>
          ${this.#renderChoices()}
        </div>
        <div class="foot">${this.#renderFooter()}</div>
      </section>
      ${this.zoom && this.#viewer ? this.#viewer.renderViewer(this.#language.localizer, this.zoom, (zoom) => (this.zoom = zoom), this.#renderCompare(this.zoom)) : nothing}`;
  }

  #renderStage(): TemplateResult {
    const { t } = this.#language.localizer;
    const view = this.#view;
    const { photo } = this;
    if (view === 'result') {
      return html`<div class="result" part="result">
        ${this.#ops?.renderResult(t, this.results[this.shown]?.src) ?? this.#renderCompare(0)}
      </div>`;
    }
    if (view === 'grid') {
      return (this.#tries as StyleTries).renderGrid(
        this.#language.localizer,
        photo?.src ?? '',
        (style) => this.#styleLabel(style),
        (error) => this.#message(error),
      );
    }
    if (!(photo || this.#ops?.photoless)) {
      return html`<room-restyler-drop-zone
        part="dropzone"
        exportparts="zone"
        .dragging=${this.dragging}
        .invalid=${this.problem !== undefined}
        .disabled=${this.reading}
        .heading=${view === 'reading' ? t('phaseReading') : t('dropTitle')}
        .hint=${t('dropHint', limitParams(this.#language.localizer, this.limits))}
        .activeText=${t('dropActive')}
        .chooseText=${t('chooseFile')}
        .cameraText=${t('takePhoto')}
        @rr-file=${(e: PartEvent<'rr-file'>) => void this.selectFile(e.detail.file)}
        @rr-drag=${(e: PartEvent<'rr-drag'>) => (this.dragging = e.detail.dragging)}
        >${this.problem === undefined ? nothing : html`<strong class="problem" part="error">${this.#message(this.problem)}</strong>`}</room-restyler-drop-zone
      >`;
    }
    const busy = BUSY.includes(view);
    return html`<div class="preview" part="preview">
      ${this.#ops?.renderMask(photo) ?? html`<img src=${photo?.src} alt=${t('before')} />`}
      ${busy ? html`<div class="scan"></div>` : nothing}
      ${
        view === 'error'
          ? html`<div class="banner danger" part="error" tabindex="-1"><strong>${this.#message(this.#failure)}</strong></div>`
          : this.notice && view === 'ready'
            ? html`<div class="banner" part="notice">${t(this.notice)}</div>`
            : nothing
      }
    </div>`;
  }

  /** The comparison: fitted with the Full screen button over it (`zoom` 0), or zoomable. */
  #renderCompare(zoom: number): TemplateResult {
    const { t } = this.#language.localizer;
    const after = this.results[this.shown];
    const before = this.results[this.against];
    return html`<room-restyler-compare
      part="compare"
      exportparts="frame, handle"
      .zoom=${zoom}
      .beforeSrc=${before?.src ?? this.photo?.src ?? ''}
      .afterSrc=${after?.src ?? ''}
      .beforeLabel=${before ? this.#resultLabel(before) : t('before')}
      .afterLabel=${after && before ? this.#resultLabel(after) : t('after')}
      .label=${t('compare')}
      .valueText=${(pct: number) => t('compareValue', { pct: this.#language.localizer.percent(pct / 100) })}
      >${
        zoom
          ? nothing
          : html`<button type="button" class="btn icon" part="fullscreen" aria-label=${t('fullscreen')} @click=${this.#openViewer}>
              <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" /></svg>
            </button>`
      }</room-restyler-compare
    >`;
  }

  #renderChoices(): TemplateResult {
    const { t, lang } = this.#language.localizer;
    const hidden = this.#view === 'result' || this.#view === 'grid';
    const busy = BUSY.includes(this.#view);
    const ops = this.#ops;
    const chosen = this.#operation();
    const vocabulary = ops?.vocabulary ?? this;
    const styleChoices: Card[] = this.#choices(vocabulary.styleOptions, this.roomStyle).map(({ id }) => ({
      id,
      label: this.#styleLabel(id),
      // The proxy serves a preview of each style the kit knows.
      preview:
        this.stylePreviews[id] ??
        (this.endpoint && STYLES.some((known) => known.id === id) ? `${this.#baseUrl()}/room-restyler/previews/${id}.webp` : undefined),
    }));
    // An operation without a style (clear sky, inpaint…) shows its own fields instead.
    const styled = ops?.styled ?? true;
    const cards = html`<room-restyler-cards
      part="style"
      exportparts="card, swatch"
      .cards=${styleChoices}
      .value=${this.roomStyle}
      .label=${t('style')}
      .disabled=${busy}
      @rr-choose=${(e: PartEvent<'rr-choose'>) => this.#choose({ roomStyle: e.detail.id })}
    ></room-restyler-cards>`;
    return html`<div class="choices ${hidden ? 'off' : ''}" ?inert=${hidden}>
      <div class="row">
        <fieldset part="mode" ?disabled=${busy}>
          <legend>${t('mode')}</legend>
          <div class="segments">
            ${(
              ops?.items(this.#language.localizer) ?? [
                ['enhance', t('modeStaging')],
                ['restyle', t('modeRestyle')],
              ]
            ).map(
              ([operation, label]) => html`<label class="choice option">
                <input type="radio" name="mode" .value=${operation} .checked=${operation === chosen} @change=${() => (ops ? ops.choose(operation) : this.#choose({ mode: operation === 'restyle' ? 'restyle' : 'staging' }))} />
                ${label}
              </label>`,
            )}
          </div>
        </fieldset>
        ${ops?.renderFields(lang, busy)}
        ${
          styled
            ? html`<label class="field"
                >${t('roomType')}
                <select part="room-type" ?disabled=${busy} @change=${(e: Event) => this.#choose({ roomType: (e.target as HTMLSelectElement).value })}>
                  ${this.#choices(vocabulary.roomTypeOptions, this.roomType).map(
                    (o) => html`<option value=${o.id} ?selected=${o.id === this.roomType}>${this.#roomLabel(o.id)}</option>`,
                  )}
                </select>
              </label>`
            : nothing
        }
      </div>
      ${styled ? (this.#multi()?.renderCards(lang, styleChoices, busy, cards) ?? cards) : nothing}
    </div>`;
  }

  #renderResults() {
    if (this.#view !== 'result') return nothing;
    const { t } = this.#language.localizer;
    return html`<div class="results">
      <label class="field"
        >${t('compareWith')}
        <select part="compare-with" @change=${(e: Event) => this.#show(this.shown, Number((e.target as HTMLSelectElement).value))}>
          <option value="-1" ?selected=${this.against < 0}>${t('original')}</option>
          ${this.results.map((r, i) =>
            i === this.shown ? nothing : html`<option value=${i} ?selected=${i === this.against}>${this.#resultLabel(r)}</option>`,
          )}
        </select>
      </label>
      <room-restyler-cards
        part="gallery"
        exportparts="card: thumb"
        wrap
        .cards=${this.results.map((r, i) => ({ id: String(i), label: this.#resultLabel(r), image: r.src }))}
        .value=${String(this.shown)}
        .label=${t('results')}
        @rr-choose=${(e: PartEvent<'rr-choose'>) => {
          const shown = Number(e.detail.id);
          this.#show(shown, this.against === shown ? this.shown : this.against);
        }}
      ></room-restyler-cards>
    </div>`;
  }

  /** The status line, the bar's place and one row of actions: the same height in every state. */
  #renderFooter(): TemplateResult {
    const l = this.#language.localizer;
    const { t } = l;
    const view = this.#view;
    const { state } = this.#flow;
    if (view === 'empty' || view === 'reading') {
      return html`<form class="url" part="url" @submit=${this.#onUrlSubmit}>
        <div class="meter" part="status"><label class="status" for="url">${t(view === 'reading' ? 'phaseReading' : 'urlLabel')}</label><div class="bar off"></div></div>
        <div class="actions">
          <input id="url" type="url" name="url" placeholder="https://" autocomplete="off" ?disabled=${this.reading} />
          <button class="btn" ?disabled=${this.reading}>${t('urlUse')}</button>
        </div>
      </form>`;
    }
    if (view === 'grid') return (this.#tries as StyleTries).renderFooter(l);
    /** Each action: its words, its part, and what it does (Lit calls a listener with the element as `this`); the first is the state's primary one. */
    type Action = [MessageKey, string, () => unknown];
    let status: unknown = t(view === 'result' ? 'phaseDone' : view === 'error' ? 'phaseFailed' : 'readyHint');
    let bar = html`<div class="bar off"></div>`;
    let actions: Action[] = [['generate', 'generate', this.generate]];
    let primary = true;
    let tryText: string | undefined;
    if (state.phase !== 'idle' && 'progress' in state) {
      const pct = Math.round(state.progress * 100);
      const head = t(MAIN_PHASES[view] ?? 'phaseGenerating');
      const left = state.estimatedRemainingMs;
      const time =
        state.phase === 'uploading'
          ? t('uploaded', { pct: l.percent(state.total ? (state.loaded ?? 0) / state.total : 0) })
          : state.phase === 'generating'
            ? // What is left first: on a narrow screen the line ends in an ellipsis, and the time spent matters less.
              `${left ? t('remaining', { time: l.duration(left, 'narrow') }) : t('longer')} · ${t('elapsed', { time: l.duration(state.elapsedMs, 'narrow') })}`
            : '';
      status = html`<span>${head}</span><span class="time">${time}</span>`;
      bar = html`<div class="bar" role="progressbar" aria-label=${head} aria-valuenow=${pct} aria-valuetext=${time || head} style="--_fill:${pct}%"><span></span></div>`;
      actions = [['cancel', 'cancel', this.cancel]];
      primary = false;
    } else if (view === 'result') {
      actions = [
        ['download', 'download', this.#download],
        ['tryAnother', 'try-another', this.#tryAnother],
      ];
    } else if (view === 'error') {
      const label = REMEDY_LABELS[this.#remedy()];
      actions = label ? [[label, 'retry', this.#remedyAction]] : [];
    } else {
      // Several styles picked: their price before the click, and the button says how many.
      const tries = this.#multi()?.ready(l.lang);
      if (tries) [status, tryText] = [html`<span part="price">${tries[0]}</span>`, tries[1]];
      if (this.results.length) actions.push(['showResults', 'show-results', () => this.#show(this.shown, this.against)]);
    }
    return html`<div class="meter" part=${primary ? 'status' : 'progress'}><div class="status">${status}</div>${bar}</div>
      <div class="actions">
        ${actions.map(
          ([key, name, act], i) =>
            html`<button type="button" class="btn ${primary && !i ? 'primary' : ''}" part=${name} @click=${act}>${(!i && tryText) || t(key)}</button>`,
        )}
      </div>`;
  }

  #computeView(): View {
    const { phase } = this.#flow.state;
    if (phase === 'uploading' || phase === 'downloading') return phase;
    if (phase === 'starting' || phase === 'generating') return 'generating';
    if (phase === 'failed') return 'error';
    if (this.reading) return 'reading';
    if (this.results.length && this.showResults) return 'result';
    if (this.#tries?.cells[0]) return 'grid';
    return this.photo || this.#ops?.photoless ? 'ready' : 'empty';
  }

  /** The text of the one live region, derived from the view: it changes (and is announced) with the phase, not on every tick. */
  #announcement(): string {
    const { t } = this.#language.localizer;
    const view = this.#view;
    if (view === 'error') return `${t('phaseFailed')} ${this.#message(this.#failure)}`;
    if (this.problem !== undefined) return this.#message(this.problem);
    if (view === 'ready' && this.notice) return t(this.notice);
    if (view === 'grid') return (this.#tries as StyleTries).summary(this.#language.localizer.lang);
    const key = MAIN_PHASES[view];
    return key ? t(key) : '';
  }

  /** What fixes the failure on display; a wait becomes a retry once it is over. */
  #remedy(): Remedy {
    const remedy = adviceFor(this.#failure, this.#failedIn)[1];
    return remedy === 'wait' && Date.now() >= this.#waitUntil ? 'retry' : remedy;
  }

  #message(error: unknown): string {
    const tries = this.#tries?.message(error, this.#language.localizer.lang);
    if (tries) return tries;
    const failedIn = error === this.#failure ? this.#failedIn : undefined;
    if (this.#remedy() === 'retry' && adviceFor(error, failedIn)[1] === 'wait') return this.#language.localizer.t('waitNow');
    return errorMessage(error, this.#language.localizer, this.limits, this.#waitUntil - Date.now(), failedIn);
  }

  #remedyAction() {
    const remedy = this.#remedy();
    if (remedy === 'photo') this.#clearPhoto();
    else if (remedy === 'again') void this.generate();
    else void this.retry();
  }

  /** While a failure asks to wait, re-renders every second so the time left counts down. */
  #scheduleWaitTick() {
    if (this.#waitTimer || this.#view !== 'error' || adviceFor(this.#failure)[1] !== 'wait' || Date.now() >= this.#waitUntil) return;
    this.#waitTimer = setTimeout(() => {
      this.#waitTimer = undefined;
      this.requestUpdate();
    }, 1000);
  }

  /**
   * Moves focus to the control that matters in a new state — only when focus was in the widget,
   * so a result arriving while the visitor reads the page does not pull them back — and brings a
   * new error into view.
   */
  #moveFocus() {
    const view = this.#view;
    const at = (name: string) => `[part~="${name}"]`;
    const key =
      view === 'error'
        ? at(this.#$(at('retry')) ? 'retry' : 'error')
        : BUSY.includes(view)
          ? at('cancel')
          : view === 'ready'
            ? at(this.#focusKey === at('cancel') || this.#focusKey === at('generate') ? 'generate' : 'style')
            : at(view === 'result' ? 'compare' : view === 'grid' ? 'grid' : 'dropzone');
    if (key === this.#focusKey || view === 'reading') return;
    this.#focusKey = key;
    const banner = this.#$(at('error'));
    banner?.scrollIntoView({ block: 'nearest' });
    const active = document.activeElement;
    if (active !== this && !(this.#hadFocus && (!active || active === document.body))) return;
    const target = this.#$<HTMLElement & Partial<LitElement>>(key);
    // An inner part focuses what it holds once it has rendered.
    void Promise.resolve(target?.updateComplete).then(() => target?.focus({ preventScroll: !!banner }));
  }

  async #choosePhoto(pick: () => Promise<Photo>) {
    this.#clearPhoto();
    this.reading = true;
    try {
      this.photo = await pick();
    } catch (error) {
      this.problem = error;
    } finally {
      this.reading = false;
    }
  }

  async #openViewer() {
    if (!this.#viewer) {
      this.#viewer = await import('./viewer.js');
      adoptStyles(this.renderRoot as ShadowRoot, [...RoomRestyler.elementStyles, this.#viewer.viewerStyles]);
    }
    this.zoom = 1;
  }

  /** Staging's or restyling's start in a style; none for another operation. */
  #startFor(style: string): OperationStart | undefined {
    const operation = this.#operation();
    const { roomType } = this;
    // Each body `satisfies` the spec's request: a field the spec drops breaks this compile (pnpm spec:drill).
    return operation === 'restyle'
      ? { operation, body: ({ image_url }) => ({ image_url, style, room_type: roomType }) satisfies OperationBody<'restyle'> }
      : operation === 'enhance'
        ? {
            operation,
            body: ({ image_url }) => ({ image_url, style, room_type: roomType, mode: 'staging' }) satisfies OperationBody<'enhance'>,
          }
        : undefined;
  }

  /** The tries of several styles, when the chosen operation takes a style the widget's way. */
  #multi(): StyleTries | undefined {
    return this.#startFor('') && this.#tries;
  }

  #operation(): string {
    return this.#ops?.chosen ?? (this.mode === 'restyle' ? 'restyle' : 'enhance');
  }

  #clearPhoto() {
    this.#flow.reset();
    this.#tries?.clear();
    if (this.photo && typeof this.photo.source !== 'string') URL.revokeObjectURL(this.photo.src);
    this.photo = this.problem = this.notice = undefined;
    this.results = [];
    this.showResults = false;
  }

  /** Adds an action's images to the visit's results, and shows the first (not a style of the grid's: the grid shows it). */
  #addResults(output: string[], request: GenerationRequest, show = true) {
    const { style, roomType } = request;
    const before = this.results.filter((r) => r.style === style).length;
    const added = output.map((src, i) => ({ src, style, roomType, n: before + i + 1 }));
    this.results = [...this.results, ...added];
    if (show) this.#show(this.results.length - added.length, -1);
  }

  #show(shown: number, against: number) {
    this.shown = shown;
    this.against = against;
    this.showResults = true;
  }

  /** A changed choice dismisses a failure or a notice: the next Generate is a new action. */
  #choose(change: Partial<Pick<RoomRestyler, 'mode' | 'roomStyle' | 'roomType'>>) {
    Object.assign(this, change);
    this.notice = undefined;
    if (this.#view === 'error') this.#flow.reset();
  }

  #choices(options: readonly VocabularyEntry[], current: string): readonly VocabularyEntry[] {
    return options.some((o) => o.id === current) ? options : [...options, { id: current, label: labelFor(options, current) }];
  }

  #styleLabel(id: string): string {
    const l = this.#language.localizer;
    return this.#ops?.label(l.lang, id) ?? l.maybe(`style_${id}`) ?? labelFor(this.styleOptions, id);
  }

  #roomLabel(id: string): string {
    return this.#language.localizer.maybe(`room_${id}`) ?? labelFor(this.roomTypeOptions, id);
  }

  #resultLabel(result: Result): string {
    return this.#language.localizer.t('resultN', { style: this.#styleLabel(result.style), n: result.n });
  }

  #$<T extends Element = HTMLElement>(selector: string): T | null {
    return this.renderRoot.querySelector<T>(selector);
  }

  #toggleState(state: string, on: boolean) {
    if (on) this.#internals.states.add(state);
    else this.#internals.states.delete(state);
  }

  #baseUrl(): string {
    return new URL(this.endpoint || '.', document.baseURI).href.replace(/\/+$/, '');
  }

  /**
   * Core's client for the proxy at `endpoint` (made per call: the endpoint may change). A refusal
   * with a Retry-After is not waited out silently: the visitor sees its countdown and retries. It is
   * loaded with the first upload or start (a visitor who only looks never needs it).
   */
  async #client(options?: Partial<ProxyClientOptions>) {
    const { createProxyClient } = await import('@room-restyler/core/proxy-client');
    return createProxyClient({ baseUrl: this.#baseUrl(), retry: { maxRetryAfterMs: 0 }, ...options });
  }

  #onUrlSubmit(event: SubmitEvent) {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    void this.selectUrl(String(data.get('url') ?? '').trim());
  }

  #tryAnother() {
    // Back to the choices with the same photo: its upload is reused, the results stay.
    this.#flow.reset();
    this.showResults = false;
  }

  async #download() {
    const result = this.results[this.shown] as Result;
    const filename = downloadName(result.roomType, result.style, result.n - 1);
    await saveImage(result.src, filename, this.disclose ? this.#language.localizer.t('disclosure') : undefined);
    emit(this, 'room-restyler-download', { url: result.src, filename });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'room-restyler': RoomRestyler;
  }
}
