/** Start + wait as one call, with progress a UI can show: phase, elapsed and estimated remaining time. */
import type { Clock } from './abort.js';
import type { GenerationStarted, StartOptions } from './generation-calls.js';
import type { GenerationOperation, OperationBody } from './operations.js';
import { estimateRemainingMs } from './poll-schedule.js';
import type { GenerationPhase } from './progress.js';
import { randomKey } from './random-key.js';
import type { Prediction } from './types.js';
import type { WaitOptions } from './wait.js';

/** `{ operation, ...body }`: any generation operation of the spec (its operationId) with the body the spec gives it. */
export type GenerateInput = { [O in GenerationOperation]: { operation: O } & OperationBody<O> }[GenerationOperation];

export interface GenerateProgress {
  phase: Extract<GenerationPhase, 'starting' | 'generating' | 'succeeded' | 'failed'>;
  elapsedMs: number;
  estimatedRemainingMs?: number | undefined;
  requestId?: string | undefined;
  status?: string | undefined;
}

export interface GenerateOptions extends WaitOptions {
  /** One key per user action. Default: a fresh random key, so a retried start is charged once. */
  idempotencyKey?: string | undefined;
  onProgress?: ((progress: GenerateProgress) => void) | undefined;
}

/** The calls of a client that `generate` makes (the client hands itself in). */
export interface GenerationClient {
  start<O extends GenerationOperation>(operation: O, body: OperationBody<O>, options?: StartOptions): Promise<GenerationStarted>;
  waitForPrediction(id: string, options?: WaitOptions): Promise<Prediction>;
}

export interface GenerationResult {
  requestId: string;
  prediction: Prediction;
  output: string[];
  elapsedMs: number;
}

export async function generate(
  client: GenerationClient,
  input: GenerateInput,
  options: GenerateOptions & { clock: Clock },
): Promise<GenerationResult> {
  const { clock, onProgress } = options;
  const startedAt = clock.now();
  const elapsed = () => clock.now() - startedAt;
  const startOptions: StartOptions = {
    signal: options.signal,
    idempotencyKey: options.idempotencyKey ?? randomKey(),
  };
  let requestId: string | undefined;

  try {
    onProgress?.({ phase: 'starting', elapsedMs: 0 });
    const started: GenerationStarted = await startOf(client, input, startOptions);
    requestId = started.requestId;
    onProgress?.({
      phase: 'generating',
      elapsedMs: elapsed(),
      estimatedRemainingMs: estimateRemainingMs(elapsed(), options.schedule),
      requestId,
    });

    const prediction = await client.waitForPrediction(requestId, {
      operation: input.operation,
      ...options,
      startedAt,
      pollImmediately: false,
      onUpdate(update) {
        options.onUpdate?.(update);
        onProgress?.({
          phase: 'generating',
          elapsedMs: update.elapsedMs,
          estimatedRemainingMs: update.estimatedRemainingMs,
          requestId,
          status: update.status,
        });
      },
    });
    onProgress?.({ phase: 'succeeded', elapsedMs: elapsed(), estimatedRemainingMs: 0, requestId, status: prediction.status });
    return { requestId, prediction, output: prediction.output ?? [], elapsedMs: elapsed() };
  } catch (error) {
    onProgress?.({ phase: 'failed', elapsedMs: elapsed(), requestId });
    throw error;
  }
}

/** The start call for the input's operation, with the rest of the input as its body. */
export function startOf(client: GenerationClient, input: GenerateInput, options: StartOptions): Promise<GenerationStarted> {
  const { operation, ...body } = input;
  // What is left of `{ operation: O } & OperationBody<O>` is O's body; TypeScript does not carry O through the spread.
  return client.start(operation, body as OperationBody<typeof operation>, options);
}
