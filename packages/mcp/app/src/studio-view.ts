/**
 * `<room-restyler-studio>`: the MCP App's view, composed of the widget's own parts — the compare
 * slider, the cards (style picker and results gallery) and the drop zone — in the widget's
 * language and theme. It shows what the host's tool call gave, whatever its operation (the photo, then the images) and
 * runs the next steps through the host: another style (`restyle`/`enhance`), waiting for a job
 * (`prediction`), a dropped photo (`upload_photo`) and part of the photo repainted (the mask brush,
 * the mask uploaded like a photo, then `edit_objects` with `inpaint`).
 */
import type { CallToolResult } from '@modelcontextprotocol/client';
import { labelFor, OPERATIONS, ROOM_TYPES, STYLES } from '@room-restyler/core/vocabulary';
import type { RoomRestylerEvent } from '@room-restyler/element';
import {
  buttonStyles,
  type Card,
  DEFAULT_LIMITS,
  downloadName,
  errorMessage,
  generationShare,
  LangController,
  type PartEvent,
  prepareImage,
  remainingMs,
  themeStyles,
  widgetStyles,
} from '@room-restyler/element/components';
import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { base64Of, type DownloadFile } from './download.js';
import { type JobRequest, listingOf, outcomeOf, requestFromInput, textOf } from './job.js';
import { studioMessages } from './studio-messages.js';
import styles from './studio-view.styles.js';

/** What the view asks of the host: tool calls on this server, and saving files. */
export interface StudioHost {
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  download(files: readonly DownloadFile[], label: string): Promise<void>;
}

interface Result {
  src: string;
  style: string;
  roomType: string;
  /** Another operation's result is named by what was done (`Clear the sky`), not by a style. */
  done?: string | undefined;
  /** 1, 2, … among the results of the same style (or operation), for its label. */
  n: number;
  /** A listing's result: its own "before" photo and its name (`kitchen`), for the label `kitchen × Scandinavian`. */
  listing?: { before: string; photo: string } | undefined;
}

type View = 'empty' | 'uploading' | 'generating' | 'choosing' | 'result' | 'marking' | 'failed' | 'listing';
/** The photo being marked for an edit: its URL for the tools, and what shows it. */
type Marked = { url: string; src: string };
const BUSY: readonly View[] = ['uploading', 'generating'];
/** The longest a `prediction` call may wait; the view calls again until the job is done. */
const FOLLOW_WAIT_SECONDS = 55;

export class StudioView extends LitElement {
  static override styles = [themeStyles, buttonStyles, widgetStyles, styles];
  static override properties = {
    theme: { reflect: true },
    view: { state: true },
    photo: { state: true },
    photoSrc: { state: true },
    request: { state: true },
    results: { state: true },
    shown: { state: true },
    failure: { state: true },
    beforeMissing: { state: true },
    marked: { state: true },
    mask: { state: true },
    prompt: { state: true },
  };

  /** The host's `light` or `dark`; unset follows `prefers-color-scheme`. */
  declare theme: 'light' | 'dark' | undefined;
  declare private view: View;
  /** The "before" photo's URL for the tools (none after `prediction`, which does not know it). */
  declare private photo: string | undefined;
  /** What shows it: the URL, or for a photo dropped here its own bytes (an upload route may refuse to be embedded). */
  declare private photoSrc: string | undefined;
  declare private request: JobRequest;
  declare private results: Result[];
  declare private shown: number;
  declare private failure: string;
  /** The "before" photo cannot be shown (its host is not one the app may load from): the result is shown alone. */
  declare private beforeMissing: boolean;
  declare private marked: Marked | undefined;
  /** The brush's mask of the marked photo; none while nothing is marked. */
  declare private mask: Blob | undefined;
  declare private prompt: string;
  host: StudioHost | undefined;

  #language = new LangController(this);
  /** When the work on display began; the host opens the app as its tool call starts. */
  #startedAt = Date.now();
  #ticker: ReturnType<typeof setInterval> | undefined;
  /** Bumped by every new action, so an older one that finishes late changes nothing. */
  #action = 0;

  constructor() {
    super();
    this.view = 'generating';
    this.request = requestFromInput(undefined).request;
    this.results = [];
    this.shown = 0;
    this.failure = '';
    this.beforeMissing = false;
    this.prompt = '';
  }

  /** The arguments of the tool call the host made: the photo and choices; the job is under way. */
  toolInput(toolName: string | undefined, args: Record<string, unknown> | undefined): void {
    const { photo, request } = requestFromInput(toolName, args);
    this.#setPhoto(photo ?? this.photo);
    this.request = request;
    this.#working('generating');
  }

  /** The tool call's result: its images (a listing's pairs), or a job to follow, or what went wrong. */
  toolResult(result: CallToolResult): Promise<void> {
    const action = ++this.#action;
    const listing = listingOf(result);
    if (!listing) return this.#settle(action, result);
    this.results = listing.items.flatMap((item) =>
      item.images.map((image, i) => ({
        src: image.url,
        style: item.style,
        roomType: this.request.roomType,
        n: i + 1,
        listing: { before: item.photo_url, photo: item.photo },
      })),
    );
    this.#stopTicker();
    this.view = 'listing';
    return Promise.resolve();
  }

  /** The host cancelled the tool call. */
  toolCancelled(): void {
    this.#action++;
    this.#fail(this.#language.localizer.t('cancelSpent'));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stopTicker();
  }

  override render() {
    const { t } = this.#language.localizer;
    return html`<section class="card" aria-label=${t(this.#mode() === 'restyle' ? 'titleRestyle' : 'title')}>
      <div class="sr-only" role="status" aria-live="polite">${this.#announcement()}</div>
      ${
        this.view === 'listing'
          ? this.#renderPairs()
          : this.view === 'marking' && this.marked
            ? this.#renderMarking(this.marked)
            : html`<div class="stage">${this.#renderStage()}</div>`
      }
      ${this.view === 'choosing' ? this.#renderChoices() : nothing} ${this.#renderGallery()}
      <div class="foot">${this.#renderFooter()}</div>
    </section>`;
  }

  #renderStage(): TemplateResult {
    const { t } = this.#language.localizer;
    const after = this.results[this.shown];
    if (this.view === 'empty') {
      const l = this.#language.localizer;
      return html`<room-restyler-drop-zone
        .heading=${t('dropTitle')}
        .hint=${t('dropHint', { maxMb: l.size(DEFAULT_LIMITS.maxBytes), minW: DEFAULT_LIMITS.minWidth, minH: DEFAULT_LIMITS.minHeight })}
        .activeText=${t('dropActive')}
        .chooseText=${t('chooseFile')}
        .cameraText=${t('takePhoto')}
        @rr-file=${(e: PartEvent<'rr-file'>) => void this.#upload(e.detail.file)}
      ></room-restyler-drop-zone>`;
    }
    if (this.view === 'result' && after) {
      const picture =
        this.photoSrc && !this.beforeMissing
          ? html`<room-restyler-compare
              .beforeSrc=${this.photoSrc}
              .afterSrc=${after.src}
              .beforeLabel=${t('before')}
              .afterLabel=${t('disclosure')}
              .label=${t('compare')}
              .valueText=${(pct: number) => t('compareValue', { pct: this.#language.localizer.percent(pct / 100) })}
            ></room-restyler-compare>`
          : html`<img class="single" src=${after.src} alt=${this.#resultLabel(after)} /><span class="disclosure">${t('disclosure')}</span>`;
      return html`<div class="result">${picture}</div>`;
    }
    return html`<div class="preview">
      ${this.photoSrc && !this.beforeMissing ? html`<img src=${this.photoSrc} alt=${t('before')} />` : nothing}
      ${BUSY.includes(this.view) ? html`<div class="scan"></div>` : nothing}
      ${this.view === 'failed' ? html`<div class="banner" role="alert"><strong>${this.failure}</strong></div>` : nothing}
    </div>`;
  }

  #renderChoices(): TemplateResult {
    const { t } = this.#language.localizer;
    const { request } = this;
    const styleCards: Card[] = STYLES.map((s) => ({ id: s.id, label: this.#styleLabel(s.id) }));
    return html`<div class="choices">
      <div class="row">
        <label class="field"
          >${t('mode')}
          <select @change=${(e: Event) => this.#chooseMode((e.target as HTMLSelectElement).value)}>
            ${(['staging', 'restyle'] as const).map(
              (mode) =>
                html`<option value=${mode} ?selected=${this.#mode() === mode}>${t(mode === 'staging' ? 'modeStaging' : 'modeRestyle')}</option>`,
            )}
          </select>
        </label>
        <label class="field"
          >${t('roomType')}
          <select @change=${(e: Event) => (this.request = { ...request, roomType: (e.target as HTMLSelectElement).value })}>
            ${ROOM_TYPES.map((r) => html`<option value=${r.id} ?selected=${r.id === request.roomType}>${this.#roomLabel(r.id)}</option>`)}
          </select>
        </label>
      </div>
      <room-restyler-cards
        .cards=${styleCards}
        .value=${request.style}
        .label=${t('style')}
        @rr-choose=${(e: PartEvent<'rr-choose'>) => (this.request = { ...request, style: e.detail.id })}
      ></room-restyler-cards>
    </div>`;
  }

  /** The brush over the photo to edit, and what to do there. */
  #renderMarking(marked: Marked): TemplateResult {
    return html`<room-restyler-mask-brush
        .src=${marked.src}
        @room-restyler-mask-change=${(e: RoomRestylerEvent<'room-restyler-mask-change'>) => (this.mask = e.detail.empty ? undefined : e.detail.mask)}
      ></room-restyler-mask-brush>
      <label class="field"
        >${this.#texts().prompt}
        <textarea rows="2" maxlength="1000" .value=${this.prompt} @input=${(e: Event) => (this.prompt = (e.target as HTMLTextAreaElement).value)}></textarea>
      </label>`;
  }

  /** A listing's results: before and after side by side, labelled photo × style; a pair opens in the compare. */
  #renderPairs(): TemplateResult {
    const { t } = this.#language.localizer;
    return html`<ul class="pairs" aria-label=${t('results')}>
      ${this.results.map((r, i) =>
        // Results made since (another style for one photo) are in the compare's gallery, not among the pairs.
        !r.listing
          ? nothing
          : html`<li>
            <button type="button" class="pair" data-pair=${i} @click=${() => this.#show(i)}>
              <span class="side"><img src=${r.listing.before} alt=${t('before')} /><span class="tag">${t('before')}</span></span>
              <span class="side"><img src=${r.src} alt=${this.#resultLabel(r)} /><span class="tag">${t('disclosure')}</span></span>
              <span class="name">${this.#resultLabel(r)}</span>
            </button>
          </li>`,
      )}
    </ul>`;
  }

  /** One result in the before/after compare; a listing's comes with its own photo, the "before" of what is tried next. */
  #show(index: number) {
    const before = this.results[index]?.listing?.before;
    if (before) this.#setPhoto(before);
    this.shown = index;
    this.view = 'result';
  }

  #renderGallery() {
    if (this.results.length < 2 || this.view !== 'result') return nothing;
    const { t } = this.#language.localizer;
    return html`<room-restyler-cards
      class="gallery"
      wrap
      .cards=${this.results.map((r, i): Card => ({ id: String(i), label: this.#resultLabel(r), image: r.src }))}
      .value=${String(this.shown)}
      .label=${t('results')}
      @rr-choose=${(e: PartEvent<'rr-choose'>) => this.#show(Number(e.detail.id))}
    ></room-restyler-cards>`;
  }

  #renderFooter(): TemplateResult {
    const l = this.#language.localizer;
    const { t } = l;
    type Action = [label: string, name: string, act: () => unknown, disabled?: boolean];
    let status: unknown;
    let actions: Action[];
    let bar = html`<div class="bar off"></div>`;
    const after = this.results[this.shown];
    if (BUSY.includes(this.view)) {
      const elapsed = Date.now() - this.#startedAt;
      const head = t(this.view === 'uploading' ? 'phaseUploading' : 'phaseGenerating');
      const left = remainingMs(elapsed);
      const time = `${t('elapsed', { time: l.duration(elapsed, 'narrow') })} · ${left ? t('remaining', { time: l.duration(left, 'narrow') }) : t('longer')}`;
      const pct = Math.round((this.view === 'uploading' ? 0 : generationShare(elapsed)) * 100);
      status = html`<span>${head}</span><span class="time">${time}</span>`;
      bar = html`<div class="bar" role="progressbar" aria-label=${head} aria-valuenow=${pct} style="--_fill:${pct}%"><span></span></div>`;
      actions = [];
    } else if (this.view === 'listing') {
      status = this.#texts().imagesReady(this.results.length);
      actions = [[this.#texts().downloadAll, 'download-all', () => this.#download(this.results)]];
    } else if (this.view === 'result') {
      status = t('phaseDone');
      actions = [
        [t('download'), 'download', () => this.#download(after ? [after] : [])],
        [t('tryAnother'), 'try-another', () => (this.view = 'choosing')],
        [this.#texts().editPart, 'edit-part', () => after && this.#mark({ url: after.src, src: after.src })],
        [t('changePhoto'), 'change-photo', () => (this.view = 'empty')],
      ];
      if (this.results.some((r) => r.listing)) actions.push([this.#texts().allPairs, 'all-pairs', () => (this.view = 'listing')]);
    } else if (this.view === 'marking') {
      const texts = this.#texts();
      status = '';
      actions = [
        [texts.applyEdit, 'apply-edit', () => this.#inpaint(), !this.mask || !this.prompt.trim()],
        [texts.cancel, 'cancel-edit', () => (this.view = this.results.length ? 'result' : 'choosing')],
      ];
    } else if (this.view === 'choosing') {
      status = t('readyHint');
      actions = [[t('generate'), 'generate', () => this.#generate()]];
      const { photo, photoSrc } = this;
      if (photo && photoSrc) actions.push([this.#texts().editPart, 'edit-part', () => this.#mark({ url: photo, src: photoSrc })]);
      if (this.results.length) actions.push([t('showResults'), 'show-results', () => (this.view = 'result')]);
    } else if (this.view === 'failed') {
      status = t('phaseFailed');
      actions = this.photo ? [[t('again'), 'again', () => (this.view = 'choosing')]] : [];
      actions.push([t('otherPhoto'), 'change-photo', () => (this.view = 'empty')]);
    } else {
      status = '';
      actions = this.results.length ? [[t('showResults'), 'show-results', () => (this.view = 'result')]] : [];
    }
    return html`<div class="meter"><div class="status">${status}</div>${bar}</div>
      <div class="actions">
        ${actions.map(
          ([label, name, act, disabled], i) =>
            html`<button type="button" class="btn ${i ? '' : 'primary'}" data-action=${name} ?disabled=${disabled} @click=${act}>${label}</button>`,
        )}
      </div>`;
  }

  #announcement(): string {
    const { t } = this.#language.localizer;
    if (this.view === 'failed') return `${t('phaseFailed')} ${this.failure}`;
    if (this.view === 'result' || this.view === 'listing') return t('phaseDone');
    return BUSY.includes(this.view) ? t(this.view === 'uploading' ? 'phaseUploading' : 'phaseGenerating') : '';
  }

  /** "Try another style" and "stage this room": the same photo, the chosen style, one new tool call. */
  async #generate() {
    const { photo, request } = this;
    if (!photo) return;
    const action = ++this.#action;
    this.#working('generating');
    const args = { image_url: photo, style: request.style, room_type: request.roomType, previews: false };
    // From here on the results are of the chosen style, whatever operation came before.
    this.request = { ...request, done: undefined };
    const result = await this.#call(request.operation, request.operation === 'enhance' ? { ...args, mode: request.mode } : args);
    if (result) await this.#settle(action, result);
  }

  /** A photo dropped or chosen in the app: checked and downscaled like the widget does, then uploaded through the server. */
  async #upload(file: File) {
    const action = ++this.#action;
    this.#working('uploading');
    let data: string;
    let type: string;
    try {
      const prepared = await prepareImage(file, DEFAULT_LIMITS);
      data = await base64Of(prepared.blob);
      type = prepared.blob.type;
    } catch (error) {
      this.#fail(errorMessage(error, this.#language.localizer, DEFAULT_LIMITS));
      return;
    }
    const url = await this.#uploadData(action, data);
    if (!url) return;
    this.results = [];
    this.#setPhoto(url, `data:${type};base64,${data}`);
    this.#stopTicker();
    this.view = 'choosing';
  }

  /** Part of a photo marked with the brush and described: the mask is uploaded like a dropped photo, then inpainted. */
  async #inpaint() {
    const { marked, mask, prompt } = this;
    if (!marked || !mask) return;
    const action = ++this.#action;
    this.#working('uploading');
    const maskUrl = await this.#uploadData(action, await base64Of(mask));
    if (!maskUrl) return;
    this.#working('generating');
    // The edited photo is the "before" of what comes next; earlier results had another one.
    this.results = [];
    this.#setPhoto(marked.url, marked.src);
    this.request = { ...this.request, done: labelFor(OPERATIONS, 'inpaint') };
    const args = { operation: 'inpaint', image_url: marked.url, mask_url: maskUrl, prompt: prompt.trim(), previews: false };
    const result = await this.#call('edit_objects', args);
    if (result) await this.#settle(action, result);
  }

  /** Base64 bytes uploaded with `upload_photo`: their URL, or none when it failed (shown) or a newer action began. */
  async #uploadData(action: number, data: string): Promise<string | undefined> {
    const result = await this.#call('upload_photo', { data });
    if (!result || action !== this.#action) return undefined;
    const url = (result.structuredContent as { url?: unknown } | undefined)?.url;
    if (!result.isError && typeof url === 'string') return url;
    this.#fail(textOf(result));
    return undefined;
  }

  #mark(marked: Marked) {
    this.marked = marked;
    this.mask = undefined;
    this.view = 'marking';
  }

  #texts() {
    return studioMessages(this.#language.localizer.lang);
  }

  /** Images are shown; a job still running is followed with `prediction` (free) until it is done. */
  async #settle(action: number, first: CallToolResult) {
    let outcome = outcomeOf(first);
    while (outcome.kind === 'pending' && action === this.#action) {
      const next = await this.#call('prediction', { id: outcome.output.request_id, wait_seconds: FOLLOW_WAIT_SECONDS, previews: false });
      if (!next) return;
      outcome = outcomeOf(next);
    }
    if (action !== this.#action) return;
    if (outcome.kind === 'failed') return this.#fail(outcome.message);
    if (outcome.kind === 'pending') return;
    const { output } = outcome;
    if (!this.photo && output.input_image_url) this.#setPhoto(output.input_image_url);
    const { style, roomType, done } = this.request;
    const named = (r: Result) => r.done ?? r.style;
    const before = this.results.filter((r) => named(r) === (done ?? style)).length;
    const added = output.images.map((image, i) => ({ src: image.url, style, roomType, done, n: before + i + 1 }));
    this.shown = this.results.length;
    this.results = [...this.results, ...added];
    this.#stopTicker();
    this.view = 'result';
  }

  async #call(name: string, args: Record<string, unknown>): Promise<CallToolResult | undefined> {
    try {
      if (!this.host) throw new Error('not connected to a host');
      return await this.host.callTool(name, args);
    } catch (error) {
      this.#fail(error instanceof Error ? error.message : String(error));
      return undefined;
    }
  }

  async #download(results: readonly Result[]) {
    if (!results.length || !this.host) return;
    const { t } = this.#language.localizer;
    const files = results.map((r) => ({
      url: r.src,
      // A listing's image is named by its photo: `kitchen-scandinavian-1.jpg`.
      filename: downloadName(r.listing?.photo ?? r.roomType, r.done ?? r.style, r.n - 1),
    }));
    await this.host.download(files, t('disclosure'));
  }

  #setPhoto(url: string | undefined, src = url) {
    this.photo = url;
    this.photoSrc = src;
    this.beforeMissing = false;
    if (!src) return;
    // A photo the app may not load (a host outside its CSP, or one that refuses to be embedded) is left out, not shown broken.
    const probe = new Image();
    probe.onerror = () => {
      if (this.photoSrc === src) this.beforeMissing = true;
    };
    probe.src = src;
  }

  #mode(): 'staging' | 'restyle' {
    return this.request.operation === 'enhance' ? 'staging' : 'restyle';
  }

  #chooseMode(mode: string) {
    this.request = {
      ...this.request,
      operation: mode === 'staging' ? 'enhance' : 'restyle',
      mode: mode === 'staging' ? 'staging' : undefined,
    };
  }

  #working(view: View) {
    this.view = view;
    this.#startedAt = Date.now();
    this.#ticker ??= setInterval(() => this.requestUpdate(), 1000);
  }

  #stopTicker() {
    clearInterval(this.#ticker);
    this.#ticker = undefined;
  }

  #fail(message: string) {
    this.#stopTicker();
    this.failure = message;
    this.view = 'failed';
  }

  #styleLabel(id: string): string {
    return this.#language.localizer.maybe(`style_${id}`) ?? labelFor(STYLES, id);
  }

  #roomLabel(id: string): string {
    return this.#language.localizer.maybe(`room_${id}`) ?? labelFor(ROOM_TYPES, id);
  }

  #resultLabel(result: Result): string {
    if (result.listing) return `${result.listing.photo} × ${this.#styleLabel(result.style)}`;
    return this.#language.localizer.t('resultN', { style: result.done ?? this.#styleLabel(result.style), n: result.n });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'room-restyler-studio': StudioView;
  }
}
