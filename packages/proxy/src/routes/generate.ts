/**
 * POST /api/v1/enhance and /api/v1/restyle. In order: body read within its cap, visitor, authorize
 * hook, JSON and schema validation (400 naming the field), idempotency, limits — and only then the
 * one upstream call. The service's request id goes back as a signed, visitor-bound handle.
 */
import { type GenerationAck, requestIdOf } from '@room-restyler/core';
import { checkInput, enhanceInputSchema, type InputCheck, restyleInputSchema } from '@room-restyler/core/schemas';
import { type ProxyContext, type RequestScope, visitorOf, withVisitor } from '../context.js';
import type { ProxyRequest } from '../http/proxy-request.js';
import { readBody } from '../http/read-body.js';
import { jsonReply, ProxyHttpError, type Reply } from '../http/responses.js';
import { claimIdempotencyKey, type IdempotencyClaim } from '../jobs/idempotency.js';
import { consumeLimits, generationChecks } from '../limits/limits.js';
import { runAuthorize } from '../security/authorize.js';
import { createHandle } from '../security/handles.js';
import { type GenerationBodies, type Operation, type UpstreamReply, upstreamErrorReply } from '../upstream/upstream.js';

export async function handleGenerate(context: ProxyContext, scope: RequestScope, operation: Operation): Promise<Reply> {
  const { options, store } = context;
  const raw = await readBody(scope.request, { maxBytes: options.maxBodyBytes, timeoutMs: options.bodyTimeoutMs });
  const visitor = await visitorOf(context, scope.request);
  const denied = await runAuthorize(context, scope, raw, operation, visitor.id);
  if (denied) return withVisitor(denied, visitor);

  const input = parseInput(scope.request, raw, operation);
  checkImageOrigin(input.body.image_url, options.allowedImageOrigins);

  const idempotency = await claimIdempotencyKey(store, scope.request.headers.get('idempotency-key'), {
    visitor: visitor.id,
    fingerprintOf: `${operation}\n${JSON.stringify(input.body)}`,
    ttlMs: options.idempotencyTtlMs,
  });
  if (idempotency && 'replay' in idempotency) {
    return withVisitor(jsonReply(idempotency.replay.status, idempotency.replay.body, { 'idempotent-replayed': 'true' }), visitor);
  }
  const claim = idempotency?.claim;
  const now = options.clock.now();
  const checks = generationChecks(options.limits, visitor.id, scope.ip, now);
  try {
    await consumeLimits(store, checks, now);
  } catch (error) {
    await claim?.abandon();
    throw error;
  }
  const response = await start(
    context,
    scope,
    input,
    visitor.id,
    claim,
    checks.map((c) => c.key),
  );
  return withVisitor(response, visitor);
}

async function start(
  context: ProxyContext,
  scope: RequestScope,
  input: GenerationInput,
  visitor: string,
  claim: IdempotencyClaim | undefined,
  limitKeys: string[],
): Promise<Reply> {
  const { options, upstream, store } = context;
  const { operation } = input;
  const idempotencyHeader = scope.request.headers.get('idempotency-key');
  const sendOptions = {
    // The service sees a key derived per visitor, never the browser's raw value.
    idempotencyKey: idempotencyHeader ? `rr-${visitor}-${idempotencyHeader}`.slice(0, 255) : undefined,
    client: scope.request.headers,
  };
  let reply: UpstreamReply;
  try {
    reply =
      input.operation === 'enhance'
        ? await upstream.startGeneration('enhance', input.body, sendOptions)
        : await upstream.startGeneration('restyle', input.body, sendOptions);
  } catch (error) {
    // The outcome is unknown (the job may have started): remember the failure so a replay cannot spend twice.
    if (error instanceof ProxyHttpError) await claim?.complete(error.status, { error: error.message, code: error.code });
    throw error;
  }
  if (reply.status >= 400) {
    if (reply.status < 500) {
      // Refused by the service: nothing was charged, so the visitor's limits and the key are given back.
      await Promise.all(limitKeys.map((key) => store.release(key)));
      await claim?.abandon();
    } else {
      await claim?.complete(reply.status, reply.body);
    }
    return upstreamErrorReply(reply);
  }
  const requestId = requestIdOf(reply.body);
  if (!requestId) {
    const body = { error: 'The generation service answered without a request id', code: 'bad_upstream_response' };
    await claim?.complete(502, body);
    context.log({ level: 'error', msg: 'upstream ack without request id', operation, status: reply.status });
    return jsonReply(502, body);
  }
  const startedAt = options.clock.now();
  const handle = await createHandle({ visitor, requestId, startedAt, expiresAt: startedAt + options.handleTtlMs }, context.signer);
  await context.hub.seed(
    { requestId, startedAt },
    { kind: 'prediction', prediction: { status: 'starting' }, terminal: false, at: startedAt },
  );
  const body = acknowledgement(reply.body, requestId, handle, options.prefix);
  await claim?.complete(reply.status, body);
  context.log({ level: 'info', msg: 'generation started', operation, visitor });
  return jsonReply(reply.status, body);
}

/** A generation body checked against the spec, tagged with its operation. */
type GenerationInput = { [O in Operation]: { operation: O; body: GenerationBodies[O] } }[Operation];

function parseInput(request: ProxyRequest, raw: Uint8Array, operation: Operation): GenerationInput {
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

function checkImageOrigin(imageUrl: string, allowed: ReadonlySet<string> | undefined): void {
  if (allowed && !allowed.has(new URL(imageUrl).origin)) {
    throw new ProxyHttpError(400, 'bad_request', 'image_url must point to an allowed image host', { extra: { field: 'image_url' } });
  }
}

/** The acknowledgement a browser sees: the spec's fields, with the handle in place of the service's id everywhere. */
function acknowledgement(ack: unknown, requestId: string, handle: string, prefix: string): GenerationAck {
  const message = (ack as { message?: unknown } | null)?.message;
  return {
    success: true,
    request_id: handle,
    message:
      typeof message === 'string'
        ? message.split(requestId).join(handle)
        : `Generation started. Poll ${prefix}/api/v1/prediction/${handle} for results.`,
  };
}
