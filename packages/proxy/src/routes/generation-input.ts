/**
 * What a generation request says and what its browser is told: the body checked against the spec
 * (400 naming the field, before any credit is spent), and the acknowledgement with the handle in
 * place of the service's id.
 */
import type { ProxyGenerationAck } from '@room-restyler/core';
import { checkInput, enhanceInputSchema, type InputCheck, restyleInputSchema } from '@room-restyler/core/schemas';
import type { ProxyRequest } from '../http/proxy-request.js';
import { ProxyHttpError } from '../http/responses.js';
import type { GenerationBodies, Operation } from '../upstream/upstream.js';

/** A generation body checked against the spec, tagged with its operation. */
export type GenerationInput = { [O in Operation]: { operation: O; body: GenerationBodies[O] } }[Operation];

export function parseInput(request: ProxyRequest, raw: Uint8Array, operation: Operation): GenerationInput {
  const type = request.headers.get('content-type') ?? '';
  // Requiring JSON also forces a CORS preflight, so a cross-site form cannot start a generation.
  if (!/^application\/json\s*(;|$)/i.test(type))
    throw new ProxyHttpError(415, 'unsupported_media_type', 'Send the body as application/json');
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    throw new ProxyHttpError(400, 'invalid_json', 'The body is not valid JSON');
  }
  if (operation === 'enhance') return { operation, body: valid(checkInput(enhanceInputSchema, body)) };
  return { operation, body: valid(checkInput(restyleInputSchema, body)) };
}

function valid<T>(checked: InputCheck<T>): T {
  if (!checked.ok) throw new ProxyHttpError(400, 'bad_request', checked.message, checked.field ? { extra: { field: checked.field } } : {});
  return checked.value;
}

/**
 * The acknowledgement a browser sees: the spec's fields, with the handle in place of the service's id everywhere,
 * and the median time of the operation's recent jobs when the proxy knows it (the widget's estimate starts there).
 */
export function acknowledgement(ack: unknown, requestId: string, handle: string, prefix: string, expectedMs?: number): ProxyGenerationAck {
  const message = (ack as { message?: unknown } | null)?.message;
  return {
    success: true,
    request_id: handle,
    message:
      typeof message === 'string'
        ? message.split(requestId).join(handle)
        : `Generation started. Poll ${prefix}/api/v1/prediction/${handle} for results.`,
    ...(expectedMs === undefined ? {} : { expected_seconds: Math.ceil(expectedMs / 100) / 10 }),
  };
}
