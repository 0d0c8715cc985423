/**
 * The service's generation operations, by the spec's operationId: what each one's start sends and
 * answers (typed from the generated types) and what it costs (the spec's `x-credits`, generated).
 * An operation added to the spec appears here without a line written by hand.
 */
import type { operations } from './generated/room-api.js';
import { generationOperations } from './generated/room-operations.js';

export { generationOperations } from './generated/room-operations.js';

/** An operationId of the spec that starts a paid generation (`enhance`, `clearSky`, `blurObjects`, …). */
export type GenerationOperation = keyof typeof generationOperations;

/** The JSON body of an operation's start, as the spec types it. */
export type OperationBody<O extends GenerationOperation> = operations[O]['requestBody']['content']['application/json'];

/** An operation's acknowledgement as its docs pages show it (either shape for a path documented in two sections). */
export type OperationAck<O extends GenerationOperation> = operations[O]['responses'][200]['content']['application/json'];

/** Every generation operation, in the spec's order. */
export const GENERATION_OPERATIONS = /* @__PURE__ */ Object.keys(generationOperations) as GenerationOperation[];

/** Credits one start of each operation costs (the spec's `x-credits`: 1 per image unless the docs say otherwise). */
export const operationCredits = /* @__PURE__ */ Object.fromEntries(
  Object.entries(generationOperations).map(([operation, { credits }]) => [operation, credits]),
) as { readonly [O in GenerationOperation]: (typeof generationOperations)[O]['credits'] };

export function isGenerationOperation(value: unknown): value is GenerationOperation {
  return typeof value === 'string' && Object.hasOwn(generationOperations, value);
}
