import {
  AbortError,
  type Clock,
  type EnhanceRequest,
  estimateRemainingMs,
  GenerationFailedError,
  type GenerationPhase,
  type Mode,
  type Prediction,
  predictionOutcome,
  type RestyleRequest,
  type RoomClient,
  systemClock,
} from '@room-restyler/core';
import { specBody } from '@room-restyler/core/internal';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { RoomRestylerEventDetails } from '../events.js';

/** What one press of "Generate" asks for. */
export type GenerationRequest = {
  /** The prepared photo, or the URL of a photo already on the web. */
  source: Blob | string;
  style: string;
  roomType: string;
} & ({ operation: 'enhance'; mode: Mode } | { operation: 'restyle' });

/** Where the flow is, in core's progress vocabulary, plus `idle` (nothing running or shown). */
export type FlowState =
  | { phase: 'idle' }
  | { phase: 'uploading'; loaded: number; total: number }
  | { phase: 'generating'; elapsedMs: number; estimatedRemainingMs: number }
  | { phase: 'succeeded'; output: string[]; requestId: string }
  | { phase: 'failed'; error: unknown; failedIn: GenerationPhase };

export interface FlowDependencies {
  client: Pick<RoomClient, 'enhance' | 'restyle' | 'waitForPrediction'>;
  upload(blob: Blob, options: { signal: AbortSignal; onProgress: (loaded: number, total: number) => void }): Promise<string>;
  /** Follows a prediction by push (SSE); rejects when push is unavailable, and polling takes over. */
  watch?(requestId: string, options: { signal: AbortSignal; onPrediction: (p: Prediction) => void }): Promise<Prediction>;
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
  requestId?: string | undefined;
  startedAt?: number | undefined;
}

/**
 * The network flow of the widget — upload, start, follow, finish — as a Lit reactive controller.
 * It touches no DOM: the host only needs `requestUpdate`, and every side effect is injected, so it
 * is tested with plain fakes. A credit is spent at most once per user action: a second Generate
 * while one runs is ignored, and Retry reuses the action's Idempotency-Key.
 */
export class GenerationFlow implements ReactiveController {
  state: FlowState = { phase: 'idle' };
  private action: Action | undefined;
  private running: Promise<void> | undefined;
  private abort: AbortController | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;
  /** Uploaded photos by identity: "try another style" does not upload again. */
  private uploads = new WeakMap<Blob, string>();
  private readonly clock: Clock;
  private readonly emit: Emit;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly deps: FlowDependencies,
  ) {
    this.clock = deps.clock ?? systemClock;
    this.emit = deps.emit ?? (() => {});
    host.addController(this);
  }

  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Starts a new user action. Ignored (returns the running one) while another is in progress. */
  start(request: GenerationRequest): Promise<void> {
    if (this.running) return this.running;
    const newKey = this.deps.newKey ?? (() => globalThis.crypto.randomUUID());
    this.action = { request, key: newKey() };
    return this.run();
  }

  /** Runs the last action again from its last completed phase, with the same Idempotency-Key. */
  retry(): Promise<void> {
    if (this.running) return this.running;
    if (!this.action) return Promise.resolve();
    return this.run();
  }

  /** Stops whatever runs; the photo and choices stay. */
  cancel(): void {
    if (!this.running || this.state.phase === 'idle') return;
    const phase = this.publicPhase();
    this.abort?.abort(new AbortError('Cancelled by the user'));
    this.emit('room-restyler-cancel', { phase });
  }

  /** Forgets the last action (a new photo was chosen). */
  reset(): void {
    this.abort?.abort(new AbortError('Reset'));
    this.action = undefined;
    this.set({ phase: 'idle' });
  }

  hostDisconnected(): void {
    this.abort?.abort(new AbortError('The element left the page'));
    this.stopTicker();
  }

  private run(): Promise<void> {
    const action = this.action as Action;
    const abort = new AbortController();
    this.abort = abort;
    const { signal } = abort;
    const running = (async () => {
      try {
        const imageUrl = await this.ensureUploaded(action, signal);
        const requestId = await this.ensureStarted(action, imageUrl, signal);
        const prediction = await this.follow(action, requestId, signal);
        const output = prediction.output ?? [];
        this.set({ phase: 'succeeded', output, requestId });
        this.emit('room-restyler-complete', { output, requestId });
      } catch (error) {
        if (signal.aborted) {
          this.set({ phase: 'idle' });
          return;
        }
        const failedIn = this.publicPhase();
        // A failed or vanished job cannot be resumed: Retry must start (and pay for) a new one.
        if (error instanceof GenerationFailedError || (error as { code?: string }).code === 'not_found') {
          action.requestId = action.startedAt = undefined;
          action.key = (this.deps.newKey ?? (() => globalThis.crypto.randomUUID()))();
        }
        this.set({ phase: 'failed', error, failedIn });
        const message = error instanceof Error ? error.message : String(error);
        this.emit('room-restyler-error', { code: (error as { code?: string }).code ?? 'unknown', message, error });
      } finally {
        this.stopTicker();
        if (this.abort === abort) this.abort = undefined;
        this.running = undefined;
        this.host.requestUpdate();
      }
    })();
    this.running = running;
    return running;
  }

  private async ensureUploaded(action: Action, signal: AbortSignal): Promise<string> {
    const { source } = action.request;
    if (typeof source === 'string') return source;
    const known = action.imageUrl ?? this.uploads.get(source);
    if (known) {
      action.imageUrl = known;
      return known;
    }
    this.set({ phase: 'uploading', loaded: 0, total: source.size });
    this.emit('room-restyler-upload-start', { bytes: source.size });
    const startedAt = this.clock.now();
    const url = await this.deps.upload(source, {
      signal,
      onProgress: (loaded, total) => {
        this.set({ phase: 'uploading', loaded, total });
        this.emit('room-restyler-progress', { phase: 'uploading', elapsedMs: this.clock.now() - startedAt, loaded, total });
      },
    });
    this.uploads.set(source, url);
    action.imageUrl = url;
    this.emit('room-restyler-upload-complete', { url });
    return url;
  }

  private async ensureStarted(action: Action, imageUrl: string, signal: AbortSignal): Promise<string> {
    action.startedAt ??= this.clock.now();
    this.startTicker(action.startedAt);
    if (action.requestId) return action.requestId;
    const { request } = action;
    const { operation, style, roomType } = request;
    this.emit('room-restyler-generate-start', { operation, style, roomType, idempotencyKey: action.key });
    const options = { signal, idempotencyKey: action.key };
    const started =
      request.operation === 'enhance'
        ? await this.deps.client.enhance(
            specBody<EnhanceRequest>({ image_url: imageUrl, mode: request.mode, style, room_type: roomType }),
            options,
          )
        : await this.deps.client.restyle(specBody<RestyleRequest>({ image_url: imageUrl, style, room_type: roomType }), options);
    action.requestId = started.requestId;
    return started.requestId;
  }

  /** Push first; if the stream is unavailable or breaks, polling (paused while hidden) takes over. */
  private async follow(action: Action, requestId: string, signal: AbortSignal): Promise<Prediction> {
    if (this.deps.watch) {
      try {
        const prediction = await this.deps.watch(requestId, { signal, onPrediction: () => this.tick(action.startedAt) });
        if (predictionOutcome(prediction) === 'succeeded') return prediction;
        throw new GenerationFailedError(`The generation ended as ${prediction.status}`, {
          predictionStatus: prediction.status,
          serviceError: prediction.error,
          body: prediction,
        });
      } catch (error) {
        if (signal.aborted || error instanceof GenerationFailedError) throw error;
      }
    }
    return this.deps.client.waitForPrediction(requestId, {
      signal,
      clock: this.clock,
      startedAt: action.startedAt,
      onUpdate: () => this.tick(action.startedAt),
    });
  }

  private startTicker(startedAt: number) {
    this.stopTicker();
    this.tick(startedAt);
    this.ticker = setInterval(() => this.tick(startedAt), this.deps.tickMs ?? 1000);
  }

  private stopTicker() {
    clearInterval(this.ticker);
    this.ticker = undefined;
  }

  private tick(startedAt: number | undefined) {
    const elapsedMs = this.clock.now() - (startedAt ?? this.clock.now());
    const estimatedRemainingMs = estimateRemainingMs(elapsedMs);
    this.set({ phase: 'generating', elapsedMs, estimatedRemainingMs });
    this.emit('room-restyler-progress', { phase: 'generating', elapsedMs, estimatedRemainingMs });
  }

  private publicPhase(): GenerationPhase {
    const { phase } = this.state;
    if (phase === 'idle') return 'uploading';
    return phase === 'failed' ? this.state.failedIn : phase;
  }

  private set(state: FlowState) {
    this.state = state;
    this.host.requestUpdate();
  }
}
