import type { GenerationOperation, GenerationPhase, OperationBody, Prediction, ProxyClient, StartOptions } from '@room-restyler/core';
// Narrow modules, not the index: the proxy's client (and all it uses) then loads on first use.
import { type Clock, systemClock } from '@room-restyler/core/abort';
import { GenerationFailedError } from '@room-restyler/core/errors';
import { generationFailed, predictionOutcome } from '@room-restyler/core/prediction';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { RoomRestylerEventDetails } from '../events.js';
import { generationShare, LOAD_SHARE, remainingMs, UPLOAD_SHARE } from '../progress/estimate.js';

/** Where the service finds the photo and the mask, once they are uploaded (each '' when there is none). */
export interface Uploaded {
  image_url: string;
  mask_url: string;
}

/** An operation and its body, typed by the spec: a change of the spec breaks the compile where a body is built (pnpm spec:drill). */
export type OperationStart = {
  [O in GenerationOperation]: { operation: O; body(uploaded: Uploaded): OperationBody<O> };
}[GenerationOperation];

/** What one press of "Generate" asks for. */
export type GenerationRequest = {
  /** The prepared photo, or the URL of a photo already on the web; none for the text-only operations. */
  source: Blob | string | undefined;
  /** The painted mask (PNG) of the operations that take `mask_url`, uploaded like the photo. */
  mask?: Blob | undefined;
  style: string;
  roomType: string;
  /** A job already started (one of style-grid's): followed, not started; Retry after its failure starts a new one. */
  requestId?: string | undefined;
  /** Starts the jobs another way than `operation` (style-grid's one start of N styles), which follow them; the flow then goes idle. */
  begin?(uploaded: Uploaded, options: StartOptions): Promise<void>;
} & OperationStart;

/** The phases while something runs, in core's progress vocabulary. */
export type BusyPhase = Extract<GenerationPhase, 'uploading' | 'starting' | 'generating' | 'downloading'>;

/** Where the flow is, in core's progress vocabulary, plus `idle` (nothing running or shown). */
export type FlowState =
  | { phase: 'idle' }
  /** Also the detail of `room-restyler-progress`. */
  | (RoomRestylerEventDetails['room-restyler-progress'] & { phase: BusyPhase })
  | { phase: 'succeeded'; output: string[]; requestId: string }
  | { phase: 'failed'; error: unknown; failedIn: GenerationPhase };

type BusyState = Extract<FlowState, { progress: number }>;
type Progress = Omit<BusyState, 'progress'> & { share: number };

type FlowClient = Pick<ProxyClient, 'start' | 'waitForPrediction'>;

export interface FlowDependencies {
  /** The proxy's client, asked for at each call (the endpoint may have changed); it may be loaded on first use. */
  client(): FlowClient | Promise<FlowClient>;
  upload(blob: Blob, options: { signal: AbortSignal; onProgress: (loaded: number, total: number) => void; kind?: 'mask' }): Promise<string>;
  /** Follows a prediction by push (SSE); rejects when push is unavailable, and polling takes over. */
  watch?(requestId: string, options: { signal: AbortSignal; onPrediction: (p: Prediction) => void }): Promise<Prediction>;
  /** Loads the result images, so a result is shown only once it can be seen; rejects when one cannot be loaded. */
  load?(urls: readonly string[], options: { signal: AbortSignal; onLoaded: (loaded: number) => void }): Promise<void>;
  /** Called with a finished action's images, before `room-restyler-complete` is sent. */
  done?(output: string[], request: GenerationRequest): void;
  /** Time for elapsed/estimates and polling; make its sleeps pause while the page is hidden. */
  clock?: Clock;
  newKey?: () => string;
  /** Called for every public event; the element turns these into DOM events. */
  emit?: Emit;
  /** How often the elapsed time is refreshed while generating. */
  tickMs?: number;
}

export type Emit = <K extends keyof RoomRestylerEventDetails>(name: K, detail: RoomRestylerEventDetails[K]) => void;

/** One user action: its idempotency key and the phases it has completed, so Retry resumes there. */
interface Action {
  request: GenerationRequest;
  key: string;
  imageUrl?: string | undefined;
  maskUrl?: string | undefined;
  requestId?: string | undefined;
  startedAt?: number | undefined;
  /** How long this site's jobs of the operation take (the proxy's recent median), when the proxy knows. */
  expectedMs?: number | undefined;
  /** The bar's furthest point: a resumed action never shows less than it did. */
  share: number;
}

/**
 * The network flow of the widget — upload, start, follow, load the images — as a Lit reactive
 * controller. It touches no DOM: the host only needs `requestUpdate`, and every side effect is
 * injected, so it is tested with plain fakes. A credit is spent at most once per user action: a
 * second Generate while one runs is ignored, and Retry reuses the action's Idempotency-Key.
 */
export class GenerationFlow implements ReactiveController {
  state: FlowState = { phase: 'idle' };
  #action: Action | undefined;
  #running: Promise<void> | undefined;
  #abort: AbortController | undefined;
  #ticker: ReturnType<typeof setInterval> | undefined;
  /** Uploaded photos by identity: "try another style" does not upload again. */
  #uploads = new WeakMap<Blob, string>();
  readonly #clock: Clock;
  readonly #emit: Emit;

  readonly #host: ReactiveControllerHost;
  readonly #deps: FlowDependencies;

  constructor(host: ReactiveControllerHost, deps: FlowDependencies) {
    this.#host = host;
    this.#deps = deps;
    this.#clock = deps.clock ?? systemClock;
    this.#emit = deps.emit ?? (() => {});
    host.addController(this);
  }

  get busy(): boolean {
    return this.#running !== undefined;
  }

  /** The URL the service fetches for this photo, once it has been uploaded (or the URL itself). */
  uploadedUrl(source: Blob | string): string | undefined {
    return typeof source === 'string' ? source : this.#uploads.get(source);
  }

  /** Starts a new user action. Ignored (returns the running one) while another is in progress. */
  start(request: GenerationRequest): Promise<void> {
    if (this.#running) return this.#running;
    this.#action = { request, key: this.#newKey(), share: 0, requestId: request.requestId };
    return this.#run();
  }

  /** Runs the last action again from its last completed phase, with the same Idempotency-Key. */
  retry(): Promise<void> {
    if (this.#running) return this.#running;
    if (!this.#action) return Promise.resolve();
    return this.#run();
  }

  /** Stops whatever runs; the photo and choices stay. Returns the phase it stopped in. */
  cancel(): GenerationPhase | undefined {
    if (!this.#running || this.state.phase === 'idle') return undefined;
    const phase = this.#publicPhase();
    this.#abort?.abort();
    this.#emit('room-restyler-cancel', { phase });
    return phase;
  }

  /** Forgets the last action (a new photo or choice). */
  reset(): void {
    this.#abort?.abort();
    this.#action = undefined;
    this.#set({ phase: 'idle' });
  }

  hostDisconnected(): void {
    this.#abort?.abort();
    this.#stopTicker();
  }

  #newKey(): string {
    return (this.#deps.newKey ?? (() => globalThis.crypto.randomUUID()))();
  }

  #run(): Promise<void> {
    const action = this.#action as Action;
    const abort = new AbortController();
    this.#abort = abort;
    const { signal } = abort;
    const running = (async () => {
      try {
        const { source, mask } = action.request;
        action.imageUrl ??= source && (await this.#ensureUploaded(action, source, signal));
        action.maskUrl ??= mask && (await this.#ensureUploaded(action, mask, signal, 'mask'));
        const uploaded = { image_url: action.imageUrl ?? '', mask_url: action.maskUrl ?? '' };
        if (action.request.begin) {
          this.#progress(action, { phase: 'starting', share: UPLOAD_SHARE, elapsedMs: 0 });
          await action.request.begin(uploaded, { signal, idempotencyKey: action.key });
          this.#set({ phase: 'idle' });
          return;
        }
        const requestId = await this.#ensureStarted(action, uploaded, signal);
        const prediction = await this.#follow(action, requestId, signal);
        const output = prediction.output ?? [];
        this.#stopTicker();
        await this.#loadImages(action, output, signal);
        this.#deps.done?.(output, action.request);
        this.#set({ phase: 'succeeded', output, requestId });
        this.#emit('room-restyler-complete', { output, requestId });
      } catch (error) {
        if (signal.aborted) {
          this.#set({ phase: 'idle' });
          return;
        }
        const failedIn = this.#publicPhase();
        // A failed or vanished job cannot be resumed: Retry must start (and pay for) a new one.
        if (error instanceof GenerationFailedError || (error as { code?: string }).code === 'not_found') {
          action.requestId = action.startedAt = undefined;
          action.key = this.#newKey();
        }
        this.#set({ phase: 'failed', error, failedIn });
        const message = error instanceof Error ? error.message : String(error);
        this.#emit('room-restyler-error', { code: (error as { code?: string }).code ?? 'unknown', message, error });
      } finally {
        this.#stopTicker();
        if (this.#abort === abort) this.#abort = undefined;
        this.#running = undefined;
        this.#host.requestUpdate();
      }
    })();
    this.#running = running;
    return running;
  }

  /** The URL of the photo or the mask, uploading it unless an earlier action did. */
  async #ensureUploaded(action: Action, source: Blob | string, signal: AbortSignal, kind?: 'mask'): Promise<string> {
    const known = this.uploadedUrl(source);
    if (known) return known;
    const blob = source as Blob;
    const startedAt = this.#clock.now();
    const report = (loaded: number, total: number) =>
      this.#progress(action, {
        phase: 'uploading',
        share: UPLOAD_SHARE * (total > 0 ? Math.min(1, loaded / total) : 0),
        elapsedMs: this.#clock.now() - startedAt,
        loaded,
        total,
      });
    report(0, blob.size);
    this.#emit('room-restyler-upload-start', { bytes: blob.size });
    const url = await this.#deps.upload(blob, { signal, onProgress: report, ...(kind && { kind }) });
    this.#uploads.set(blob, url);
    this.#emit('room-restyler-upload-complete', { url });
    return url;
  }

  async #ensureStarted(action: Action, uploaded: Uploaded, signal: AbortSignal): Promise<string> {
    if (action.requestId) {
      this.#startTicker(action, action.startedAt ?? this.#clock.now());
      return action.requestId;
    }
    const { request } = action;
    const { operation, style, roomType } = request;
    // No time is promised before the proxy says how long this site's jobs take.
    this.#progress(action, { phase: 'starting', share: UPLOAD_SHARE, elapsedMs: 0 });
    this.#emit('room-restyler-generate-start', { operation, style, roomType, idempotencyKey: action.key });
    const options = { signal, idempotencyKey: action.key };
    const startedAt = this.#clock.now();
    const client = await this.#deps.client();
    const send = <O extends GenerationOperation>(start: { operation: O; body(uploaded: Uploaded): OperationBody<O> }) =>
      client.start(start.operation, start.body(uploaded), options);
    const started = await send(request);
    action.requestId = started.requestId;
    action.expectedMs = started.expectedMs;
    this.#startTicker(action, startedAt);
    return started.requestId;
  }

  /** Push first; if the stream is unavailable or breaks, polling (paused while hidden) takes over. */
  async #follow(action: Action, requestId: string, signal: AbortSignal): Promise<Prediction> {
    const tick = () => this.#tick(action);
    if (this.#deps.watch) {
      try {
        const prediction = await this.#deps.watch(requestId, { signal, onPrediction: tick });
        if (predictionOutcome(prediction) === 'succeeded') return prediction;
        throw generationFailed(prediction);
      } catch (error) {
        if (signal.aborted || error instanceof GenerationFailedError) throw error;
      }
    }
    return (await this.#deps.client()).waitForPrediction(requestId, {
      signal,
      clock: this.#clock,
      startedAt: action.startedAt,
      onUpdate: tick,
    });
  }

  async #loadImages(action: Action, output: string[], signal: AbortSignal): Promise<void> {
    const elapsedMs = this.#clock.now() - (action.startedAt ?? this.#clock.now());
    const report = (loaded: number) =>
      this.#progress(action, {
        phase: 'downloading',
        share: 1 - LOAD_SHARE + (LOAD_SHARE * loaded) / Math.max(1, output.length),
        elapsedMs,
        loaded,
        total: output.length,
      });
    report(0);
    await this.#deps.load?.(output, { signal, onLoaded: report });
  }

  #startTicker(action: Action, startedAt: number) {
    action.startedAt = startedAt;
    this.#stopTicker();
    this.#tick(action);
    this.#ticker = setInterval(() => this.#tick(action), this.#deps.tickMs ?? 1000);
  }

  #stopTicker() {
    clearInterval(this.#ticker);
    this.#ticker = undefined;
  }

  #tick(action: Action) {
    const elapsedMs = this.#clock.now() - (action.startedAt ?? this.#clock.now());
    this.#progress(action, {
      phase: 'generating',
      share: generationShare(elapsedMs, action.expectedMs),
      elapsedMs,
      estimatedRemainingMs: remainingMs(elapsedMs, action.expectedMs),
    });
  }

  /** Moves the bar (never back) and reports it. */
  #progress(action: Action, { share, ...update }: Progress) {
    action.share = Math.max(action.share, share);
    const state: BusyState = { ...update, progress: action.share };
    this.#set(state);
    this.#emit('room-restyler-progress', state);
  }

  #publicPhase(): GenerationPhase {
    const { phase } = this.state;
    if (phase === 'idle') return 'uploading';
    return phase === 'failed' ? this.state.failedIn : phase;
  }

  #set(state: FlowState) {
    this.state = state;
    this.#host.requestUpdate();
  }
}
