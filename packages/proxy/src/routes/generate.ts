/**
 * POST /api/v1/enhance and /api/v1/restyle. In order: visitor, a look at the limits (a full one
 * refuses before the body is read), body read within its cap, authorize
 * hook, JSON and schema validation (400 naming the field), the start counted as unresolved,
 * idempotency, limits — and only then the one upstream call. Anything that fails before the call
 * (a store outage: 503) has spent nothing. The service's request id goes back as a sealed,
 * visitor-bound handle. A start whose answer is lost is never sent again: it is reconciled from the
 * service's list of predictions (core's reconcile), here or when the same Idempotency-Key comes back.
 */
import { requestIdOf } from '@room-restyler/core';
import { type Counted, type Reconciled, reconcile } from '@room-restyler/core/internal';
import { type ProxyContext, type RequestScope, visitorOf, withVisitor } from '../context.js';
import { readBody } from '../http/read-body.js';
import { JsonReply, jsonReply, ProxyHttpError, type Reply } from '../http/responses.js';
import { claimIdempotencyKey, idempotencyKeyOf, inProgress, type KeyOutcome, type KeyRecord } from '../jobs/idempotency.js';
import { consumeLimits, generationChecks, precheckLimits } from '../limits/limits.js';
import { runAuthorize } from '../security/authorize.js';
import { createHandle } from '../security/handles.js';
import { checkImageUrl } from '../security/image-url.js';
import { imageUrlForService } from '../security/upload-urls.js';
import type { WriteStep } from '../state/write-behind.js';
import { listOf, type Operation, type UpstreamReply, upstreamErrorReply } from '../upstream/upstream.js';
import { acknowledgement, type GenerationInput, parseInput } from './generation-input.js';

/** One generation request, as every step of it needs it. */
interface Generation {
  context: ProxyContext;
  scope: RequestScope;
  input: GenerationInput;
  visitor: string;
  /** The browser's Idempotency-Key, checked. */
  key: string | undefined;
}

export async function handleGenerate(context: ProxyContext, scope: RequestScope, operation: Operation): Promise<Reply> {
  const { options } = context;
  const visitor = await visitorOf(context, scope.request);
  // Every paid start belongs to a visitor the client can name again: a retry after a lost answer
  // must find the first attempt under the same cookie, and a handle is readable by its visitor only.
  // Thrown, so a flood of cookieless requests is counted with the other refusals, not logged one by one.
  if (visitor.setCookie) throw visitorCookieRequired(visitor.setCookie);
  // A full limit refuses before the body is read; a request with an Idempotency-Key may be a replay
  // of an answer already paid for, so only the limits after the body (which replays skip) judge it.
  if (scope.request.headers.get('idempotency-key') === null) {
    const now = options.clock.now();
    await precheckLimits(context.store, generationChecks(options.limits, visitor.id, scope.ip, now), now);
  }
  const raw = await readBody(scope.request, { maxBytes: options.maxBodyBytes, timeoutMs: options.bodyTimeoutMs });
  const denied = await runAuthorize(context, scope, raw, operation, visitor.id);
  if (denied) return withVisitor(denied, visitor);

  const input = parseInput(scope.request, raw, operation);
  await checkImageUrl(context, scope, input.body.image_url);
  const key = idempotencyKeyOf(scope.request.headers.get('idempotency-key'));
  return withVisitor(await begin({ context, scope, input, visitor: visitor.id, key }), visitor);
}

async function begin(g: Generation): Promise<Reply> {
  const { starts } = g.context;
  const now = g.context.options.clock.now();
  const start: Counted = { start: starts.newStart(now), state: 'in_flight' };
  // Counted before anything else: a store that cannot count it refuses the request (503), unsent.
  await starts.open(start.start);
  let claim: KeyOutcome | undefined;
  try {
    claim = g.key === undefined ? undefined : await claimIdempotencyKey(g.context.store, g.key, start.start, keyScope(g, now));
  } catch (error) {
    await forget(g, start);
    throw error;
  }
  if (claim && claim.kind !== 'claimed') {
    await forget(g, start);
    return claim.kind === 'replay' ? replayed(claim.status, claim.body) : resume(g, claim.record, claim.lost);
  }
  return checkLimitsAndSend(g, start, claim?.record);
}

async function checkLimitsAndSend(g: Generation, start: Counted, record: KeyRecord | undefined): Promise<Reply> {
  const { store, options } = g.context;
  const now = options.clock.now();
  const checks = generationChecks(options.limits, g.visitor, g.scope.ip, now);
  try {
    await consumeLimits(store, checks, now);
  } catch (error) {
    await forget(g, start, record);
    throw error;
  }
  return send(
    g,
    start,
    record,
    checks.map((check) => () => store.release(check.key)),
  );
}

/** The one upstream call of a start. `releaseLimits` gives the visitor's limits back when nothing was charged. */
async function send(g: Generation, start: Counted, record: KeyRecord | undefined, releaseLimits: WriteStep[]): Promise<Reply> {
  const { upstream, writeBehind, log } = g.context;
  const { input } = g;
  const sendOptions = {
    // The service sees a key derived per visitor, never the browser's raw value.
    idempotencyKey: g.key ? `rr-${g.visitor}-${g.key}`.slice(0, 255) : undefined,
    client: g.scope.request.headers,
  };
  // The proxy's own upload goes to the service as a freshly signed URL (the visitor's may have expired).
  const image_url = await imageUrlForService(g.context, input.body.image_url, g.scope.uploadOrigins);
  let reply: UpstreamReply;
  try {
    reply =
      input.operation === 'enhance'
        ? await upstream.startGeneration('enhance', { ...input.body, image_url }, sendOptions)
        : await upstream.startGeneration('restyle', { ...input.body, image_url }, sendOptions);
  } catch (error) {
    return unknownOutcome(g, start, record, releaseLimits, error, false);
  }
  // A 5xx may come after the service created and charged the job: as unknown as a lost answer.
  if (reply.status >= 500) return unknownOutcome(g, start, record, releaseLimits, upstreamErrorReply(reply), true);
  if (reply.status >= 400) {
    // Refused (4xx): nothing was charged, so the limits and the key are given back.
    await writeBehind.run([...releaseLimits, ...forgetSteps(g, start, record)]);
    return upstreamErrorReply(reply);
  }
  const requestId = requestIdOf(reply.body);
  if (!requestId) {
    log({ level: 'error', msg: 'upstream ack without request id', operation: input.operation, status: reply.status });
    const failure = new ProxyHttpError(502, 'bad_upstream_response', 'The generation service answered without a request id');
    return unknownOutcome(g, start, record, releaseLimits, failure, true);
  }
  return accepted(g, start, record, requestId, reply.status, reply.body);
}

/**
 * The service has the job (`ack` is its answer; undefined for a job found again): the visitor gets
 * its handle whatever the store does now. What the proxy learned — whose job it is, the answer for
 * replays, that the start is resolved — is written in that order, later if the store is away (a
 * replay meanwhile reconciles to the same job).
 */
async function accepted(
  g: Generation,
  { start, state }: Counted,
  record: KeyRecord | undefined,
  requestId: string,
  status: number,
  ack: unknown,
  headers?: Record<string, string>,
): Promise<JsonReply> {
  const { options, sealer, hub, log } = g.context;
  const answeredAt = options.clock.now();
  const expiresAt = start.startedAt + options.handleTtlMs;
  const handle = await createHandle(
    { visitor: g.visitor, requestId, startedAt: start.startedAt, expiresAt, operation: g.input.operation },
    sealer,
  );
  const body = acknowledgement(ack, requestId, handle, options.prefix);
  await g.context.writeBehind.run([
    async () => {
      // An acknowledgement (not a job found again) also tells when the service created the job.
      const owner = await g.context.starts.claimPrediction(requestId, start, ack === undefined ? undefined : answeredAt);
      if (owner !== undefined) log({ level: 'warn', msg: 'a job the service acknowledged was already claimed by another start' });
    },
    ...completeSteps(g, { start, state }, record, status, body),
  ]);
  // A job just acknowledged is starting: the first GETs are answered without asking the service.
  // Not for a job found again (it may be further along), nor when the store is away (the poller asks).
  if (ack !== undefined) {
    const starting = { kind: 'prediction', prediction: { status: 'starting' }, terminal: false, at: start.startedAt } as const;
    await hub.seed({ requestId, startedAt: start.startedAt }, starting).catch(() => {});
  }
  log({ level: 'info', msg: 'generation started', operation: g.input.operation, visitor: g.visitor });
  return jsonReply(status, body, headers);
}

/**
 * The POST failed without an answer (a reset, a timeout: `answered` false), or the service answered
 * with a failure (a 5xx) or with no job named: the job may exist, and is looked for. `failure` is
 * what the visitor gets when it made none; the key is then free for the same action again.
 */
async function unknownOutcome(
  g: Generation,
  { start }: Counted,
  record: KeyRecord | undefined,
  releaseLimits: WriteStep[],
  failure: unknown,
  answered: boolean,
): Promise<Reply> {
  const { upstream, starts, options, writeBehind, log } = g.context;
  const now = options.clock.now();
  // Counted as lost from now on: other starts looking for their jobs no longer wait for this one.
  await writeBehind.run([() => starts.markUnknown(start)]);
  const lost: Counted = { start, state: 'unknown', endedAt: now, ...(answered ? { answered } : {}) };
  const found = await reconcile({ list: listOf(upstream), ledger: starts, now }, lost);
  log({ level: 'warn', msg: 'generation outcome unknown', outcome: found.outcome, ...reasonOf(found) });
  if (found.outcome === 'adopted') return accepted(g, lost, record, found.requestId, 200, undefined);
  if (found.outcome === 'not_started') {
    await writeBehind.run([...releaseLimits, ...forgetSteps(g, lost, record)]);
    if (failure instanceof JsonReply) return failure;
    throw failure;
  }
  await writeBehind.run([async () => record?.unresolved(lost, now)]);
  throw generationUnknown(found.retryAfterMs, g.key !== undefined);
}

/** A request with the Idempotency-Key of a start whose outcome was lost; `record` is locked for it. */
async function resume(g: Generation, record: KeyRecord, lost: Counted): Promise<Reply> {
  const { upstream, starts, options, writeBehind, log } = g.context;
  const now = options.clock.now();
  const found = await reconcile({ list: listOf(upstream), ledger: starts, now }, lost);
  log({ level: 'info', msg: 'lost start reconciled', outcome: found.outcome, ...reasonOf(found) });
  if (found.outcome === 'adopted') return accepted(g, lost, record, found.requestId, 200, undefined, { 'idempotent-replayed': 'true' });
  if (found.outcome === 'unknown') {
    // When its POST failed stays what it was (a start whose proxy died gets the time it was found lost).
    await writeBehind.run([() => record.unresolved(lost, now)]);
    throw generationUnknown(found.retryAfterMs, true);
  }
  // It made no job: the same action is started again, under the same key.
  const next: Counted = { start: starts.newStart(now), state: 'in_flight' };
  await starts.open(next.start);
  if (!(await record.restart(next.start).catch(() => false))) {
    await forget(g, next);
    throw inProgress(1_000);
  }
  await forget(g, lost);
  return checkLimitsAndSend(g, next, record);
}

const reasonOf = (found: Reconciled) => (found.outcome === 'unknown' ? { reason: found.reason } : {});

/** Steps storing the answer for replays, then marking the start resolved — by whoever moved its record. */
function completeSteps(g: Generation, start: Counted, record: KeyRecord | undefined, status: number, body: unknown): WriteStep[] {
  let resolvedHere = record === undefined;
  return [
    async () => {
      if (record) resolvedHere = await record.complete(status, body);
    },
    async () => {
      if (resolvedHere) await g.context.starts.close(start.start, start.state);
    },
  ];
}

/** Steps for a start that sent nothing (or made nothing): its key (when given) is free again and it is resolved. */
function forgetSteps(g: Generation, start: Counted, record?: KeyRecord): WriteStep[] {
  return [...(record ? [() => record.abandon()] : []), () => g.context.starts.close(start.start, start.state)];
}

function forget(g: Generation, start: Counted, record?: KeyRecord): Promise<void> {
  return g.context.writeBehind.run(forgetSteps(g, start, record));
}

function keyScope(g: Generation, now: number) {
  return {
    visitor: g.visitor,
    request: `${g.input.operation}\n${JSON.stringify(g.input.body)}`,
    ttlMs: g.context.options.idempotencyTtlMs,
    pendingTtlMs: g.context.starts.pendingTtlMs,
    now,
  };
}

function replayed(status: number, body: unknown): JsonReply {
  return jsonReply(status, body, { 'idempotent-replayed': 'true' });
}

function visitorCookieRequired(cookie: string): ProxyHttpError {
  return new ProxyHttpError(
    428,
    'visitor_cookie_required',
    'This proxy needs its visitor cookie before a generation; it is set by this answer: send the same request again with it. Nothing was charged.',
    { cookies: [cookie] },
  );
}

function generationUnknown(retryAfterMs: number, withKey: boolean): ProxyHttpError {
  const message = withKey
    ? 'The generation service did not confirm this start and it was not sent again, so nothing is charged twice. Send it again with the same Idempotency-Key in a moment to find it.'
    : 'The generation service did not confirm this start and it was not sent again, so nothing is charged twice. It may still run; without an Idempotency-Key it cannot be found again.';
  const seconds = String(Math.max(1, Math.ceil(retryAfterMs / 1000)));
  return new ProxyHttpError(502, 'generation_unknown', message, { headers: { 'retry-after': seconds } });
}
