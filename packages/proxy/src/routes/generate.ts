/**
 * POST of an operation's start (/api/v1/enhance, …), as the steps `handleGenerate` reads top to bottom; each a function of
 * the request and of what the steps before it returned. Nothing is spent before the one upstream call; a start whose
 * answer is lost is never sent again but reconciled (core's reconcile), here or when its Idempotency-Key comes back.
 */
import { type GenerationOperation, type OperationBody, operationCredits, type ProxyGenerationAck, requestIdOf } from '@room-restyler/core';
import { type Counted, claimKey, type KeyRecord, reconcile, type Start } from '@room-restyler/core/internal';
import { checkOperationInput, type InputCheck } from '@room-restyler/core/schemas';
import { type ProxyContext, type RequestScope, visitorOf } from '../context.js';
import type { ProxyRequest } from '../http/proxy-request.js';
import { readBody } from '../http/read-body.js';
import { JsonReply, jsonReply, ProxyHttpError, type Reply } from '../http/responses.js';
import { consumeLimits, limitChecks, precheckLimits } from '../limits/limits.js';
import { runAuthorize } from '../security/authorize.js';
import { createHandle } from '../security/handles.js';
import { sha256 } from '../security/keys.js';
import { checkImageUrls, imageUrlsForService } from '../security/uploads.js';
import type { WriteStep } from '../state/write-behind.js';
import { type UpstreamReply, upstreamErrorReply } from '../upstream/upstream.js';

/** One checked generation request, as every paid step needs it. */
export interface Generation {
  context: ProxyContext;
  scope: RequestScope;
  input: GenerationInput;
  visitor: string;
  /** The browser's Idempotency-Key, checked (one derived from it for each style of a try). */
  key: string | undefined;
  /** What a replay under `key` must repeat, when more than the operation and its body (a try's other styles). */
  fingerprint?: string;
}

/** A start counted in the ledger, and the Idempotency-Key record it holds (none without a key). */
export interface Claimed {
  counted: Counted;
  record: KeyRecord | undefined;
}

/** A job the service has for a start: its answer (`ack`; none for a job found again). */
interface Job {
  requestId: string;
  status: number;
  ack?: unknown;
  /** Answered to a request that came back with the key of a lost start. */
  replayed?: boolean;
}

/** What the one upstream call did. */
type Sent =
  | { kind: 'accepted'; job: Job }
  /** Refused (4xx): nothing was charged. */
  | { kind: 'refused'; reply: JsonReply }
  /** No answer (`answered` false), a 5xx or an answer naming no job: the job may exist. `failure`: what the visitor gets if it does not. */
  | { kind: 'lost'; failure: unknown; answered: boolean };

export async function handleGenerate(context: ProxyContext, scope: RequestScope, operation: GenerationOperation): Promise<Reply> {
  refuseUnlessOffered(context, operation);
  const visitor = await visitorWithCookie(context, scope);
  const keyHeader = scope.request.headers.get('idempotency-key');
  // A request with an Idempotency-Key may be a replay of an answer already paid for: only the limits after the body judge it.
  if (keyHeader === null) await refuseWhenLimitsFull(context, scope, visitor, operation);
  const raw = await readBody(scope.request, { maxBytes: context.options.maxBodyBytes, timeoutMs: context.options.bodyTimeoutMs });
  const denied = await runAuthorize(context, scope, raw, operation, visitor);
  if (denied) return denied;
  const input = parseInput(scope.request, raw, operation);
  await checkImageUrls(context, scope, input.body);
  const g: Generation = { context, scope, input, visitor, key: idempotencyKeyOf(keyHeader) };

  const claimed = await claimStart(g);
  if (claimed instanceof JsonReply) return claimed;
  return sendClaimed(g, claimed, await takeLimits(g, claimed));
}

/** The one upstream call of a start claimed and counted in the limits (`releaseLimits` gives them back), and its answer. */
export async function sendClaimed(g: Generation, claimed: Claimed, releaseLimits: WriteStep[]): Promise<JsonReply> {
  const sent = await send(g);
  switch (sent.kind) {
    case 'accepted':
      return answer(g, claimed, sent.job);
    case 'refused':
      await forget(g, claimed, releaseLimits);
      return sent.reply;
    case 'lost':
      return findLostJob(g, claimed, releaseLimits, sent);
  }
}

/** The visitor, who must have the cookie (a retry must find the first attempt under it); else a 428 sets it (counted as a refusal). */
export async function visitorWithCookie(context: ProxyContext, scope: RequestScope): Promise<string> {
  const visitor = await visitorOf(context, scope.request);
  if (visitor.setCookie)
    throw new ProxyHttpError(
      428,
      'visitor_cookie_required',
      'This proxy needs its visitor cookie before a generation; it is set by this answer: send the same request again with it. Nothing was charged.',
      { headers: { 'set-cookie': visitor.setCookie } },
    );
  return visitor.id;
}

/** An operation the site does not offer is a 404 like any path it does not serve, naming those it does; nothing is read or counted. */
export function refuseUnlessOffered({ options }: ProxyContext, operation: GenerationOperation): void {
  if (options.operations.includes(operation)) return;
  throw new ProxyHttpError(404, 'not_found', `This site does not offer the operation ${operation}`, {
    extra: { allowed: options.operations },
  });
}

/** A full limit refuses before a byte of the body is read. */
async function refuseWhenLimitsFull(
  { store, options }: ProxyContext,
  scope: RequestScope,
  visitor: string,
  operation: GenerationOperation,
): Promise<void> {
  const now = options.clock.now();
  await precheckLimits(store, limitChecks('gen', options.limits, visitor, scope.ip, now), now, operationCredits[operation]);
}

/** Counts a new start and claims its Idempotency-Key: a key already answered is a replay, a lost start's is reconciled first. */
export async function claimStart(g: Generation): Promise<Claimed | JsonReply> {
  const counted = await openStart(g);
  if (g.key === undefined) return { counted, record: undefined };
  const claim = await forgetOnError(g, { counted, record: undefined }, claimIdempotencyKey(g, g.key, counted.start));
  if (claim.kind === 'claimed') return { counted, record: claim.record };
  await forget(g, { counted, record: undefined });
  if (claim.kind === 'replay') return jsonReply(claim.status, claim.body, { 'idempotent-replayed': 'true' });
  return resumeLostStart(g, claim.record, claim.lost);
}

async function openStart({ context }: Generation): Promise<Counted> {
  const start = context.starts.newStart(context.options.clock.now());
  await context.starts.open(start);
  return { start, state: 'in_flight' };
}

/** The key's earlier start lost its answer (`record` is locked for this request): its job, or a new start of the same action. */
async function resumeLostStart(g: Generation, record: KeyRecord, lost: Counted): Promise<Claimed | JsonReply> {
  const found = await lookFor(g, { counted: lost, record }, g.context.options.clock.now(), true);
  if (found !== 'not_started') return found;
  // It made no job: the same action is started again, under the same key.
  const next = await openStart(g);
  if (!(await record.restart(next.start).catch(() => false))) {
    await forget(g, { counted: next, record: undefined });
    throw inProgress(1_000);
  }
  await forget(g, { counted: lost, record: undefined });
  return { counted: next, record };
}

/** Consumes the visitor's limits by the operation's credits (all or none: a 429 names the full one); answers the steps that give them back. */
async function takeLimits(g: Generation, claimed: Claimed): Promise<WriteStep[]> {
  const { store, options } = g.context;
  const now = options.clock.now();
  const checks = limitChecks('gen', options.limits, g.visitor, g.scope.ip, now);
  return forgetOnError(g, claimed, consumeLimits(store, checks, now, operationCredits[g.input.operation]));
}

/** The one upstream call of a start. */
async function send({ context, scope, input, visitor, key }: Generation): Promise<Sent> {
  const options = {
    // The service sees a key derived per visitor, never the browser's raw value.
    idempotencyKey: key ? `rr-${visitor}-${key}`.slice(0, 255) : undefined,
    client: scope.request.headers,
  };
  // The proxy's own uploads go to the service as freshly signed URLs (the visitor's may have expired).
  const body = await imageUrlsForService(context, input.body, scope.uploadOrigins);
  let reply: UpstreamReply;
  try {
    reply = await context.upstream.startGeneration(input.operation, body, options);
  } catch (failure) {
    return { kind: 'lost', failure, answered: false };
  }
  // A 5xx may come after the service created and charged the job: as unknown as a lost answer.
  if (reply.status >= 500) return { kind: 'lost', failure: upstreamErrorReply(reply), answered: true };
  if (reply.status >= 400) return { kind: 'refused', reply: upstreamErrorReply(reply) };
  const requestId = requestIdOf(reply.body);
  if (requestId) return { kind: 'accepted', job: { requestId, status: reply.status, ack: reply.body } };
  context.log({ level: 'error', msg: 'upstream ack without request id', operation: input.operation, status: reply.status });
  const failure = new ProxyHttpError(502, 'bad_upstream_response', 'The generation service answered without a request id');
  return { kind: 'lost', failure, answered: true };
}

/** The start's answer is lost: marked so (rivals stop waiting for it) and its job looked for; none made → all is given back. */
async function findLostJob(
  g: Generation,
  claimed: Claimed,
  releaseLimits: WriteStep[],
  lost: Extract<Sent, { kind: 'lost' }>,
): Promise<JsonReply> {
  const { starts, options, writeBehind } = g.context;
  const now = options.clock.now();
  const { start } = claimed.counted;
  await writeBehind.run([() => starts.markUnknown(start)]);
  const counted: Counted = { start, state: 'unknown', endedAt: now, ...(lost.answered ? { answered: true } : {}) };
  const found = await lookFor(g, { counted, record: claimed.record }, now, false);
  if (found !== 'not_started') return found;
  await forget(g, { counted, record: claimed.record }, releaseLimits);
  if (lost.failure instanceof JsonReply) return lost.failure;
  throw lost.failure;
}

/** Core's reconciliation of a lost start (`again`: its key came back): its job answered, or 502 generation_unknown. */
async function lookFor(g: Generation, claimed: Claimed, now: number, again: boolean): Promise<JsonReply | 'not_started'> {
  const { context } = g;
  const found = await reconcile({ list: (limit) => context.upstream.listPredictions(limit), ledger: context.starts, now }, claimed.counted);
  context.log({
    level: again ? 'info' : 'warn',
    msg: again ? 'lost start reconciled' : 'generation outcome unknown',
    operation: g.input.operation,
    outcome: found.outcome,
    ...(found.outcome === 'unknown' ? { reason: found.reason } : {}),
  });
  if (found.outcome === 'adopted') return answer(g, claimed, { requestId: found.requestId, status: 200, replayed: again });
  if (found.outcome === 'not_started') return 'not_started';
  await context.writeBehind.run([async () => claimed.record?.unresolved(claimed.counted, now)]);
  throw generationUnknown(found.retryAfterMs, g.key !== undefined);
}

/**
 * The service has the job: the visitor gets its handle whatever the store does now. What the proxy learned is
 * written in order, later if the store is away (a replay meanwhile reconciles to the same job).
 */
async function answer(g: Generation, { counted, record }: Claimed, job: Job): Promise<JsonReply> {
  const { options, sealer, hub, log, starts, writeBehind } = g.context;
  const { start, state } = counted;
  const answeredAt = options.clock.now();
  const expiresAt = start.startedAt + options.handleTtlMs;
  const handle = await createHandle(
    { visitor: g.visitor, requestId: job.requestId, startedAt: start.startedAt, expiresAt, operation: g.input.operation },
    sealer,
  );
  const expectedMs = options.jobs.durations.medianMs(g.input.operation);
  const body = acknowledgement(job.ack, job.requestId, handle, options.prefix, expectedMs);
  const resolve = () => writeBehind.run([() => starts.close(start, state)]);
  await writeBehind.run([
    async () => {
      // An acknowledgement (not a job found again) also tells when the service created the job.
      const owner = await starts.claimPrediction(job.requestId, start, job.ack === undefined ? undefined : answeredAt);
      if (owner !== undefined) log({ level: 'warn', msg: 'a job the service acknowledged was already claimed by another start' });
    },
    // The start is resolved by whoever stored its answer: a request that found the record moved resolves it itself.
    async () => (record === undefined || (await record.complete(job.status, body)) ? resolve() : undefined),
  ]);
  // A job just acknowledged is starting: the first GETs are answered without asking the service.
  // Not for a job found again (it may be further along), nor when the store is away (the poller asks).
  if (job.ack !== undefined) await hub.seed(job.requestId, start.startedAt).catch(() => {});
  // A prompt is the visitor's own words: its length is logged, never its text.
  const { prompt } = g.input.body as { prompt?: unknown };
  const promptChars = typeof prompt === 'string' ? { prompt_chars: [...prompt].length } : {};
  log({ level: 'info', msg: 'generation started', operation: g.input.operation, visitor: g.visitor, ...promptChars });
  return jsonReply(job.status, body, job.replayed ? { 'idempotent-replayed': 'true' } : undefined);
}

/** What `step` gives; when it fails, the start is forgotten before its error goes on. */
async function forgetOnError<T>(g: Generation, claimed: Claimed, step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    await forget(g, claimed);
    throw error;
  }
}

/** A start that sent nothing (or made nothing): the limits (when taken) and its key (when given) are free again, and it is resolved. */
export function forget({ context }: Generation, { counted, record }: Claimed, releaseLimits: WriteStep[] = []): Promise<void> {
  return context.writeBehind.run([
    ...releaseLimits,
    ...(record ? [() => record.abandon()] : []),
    () => context.starts.close(counted.start, counted.state),
  ]);
}

function generationUnknown(retryAfterMs: number, withKey: boolean): ProxyHttpError {
  const message = withKey
    ? 'The generation service did not confirm this start and it was not sent again, so nothing is charged twice. Send it again with the same Idempotency-Key in a moment to find it.'
    : 'The generation service did not confirm this start and it was not sent again, so nothing is charged twice. It may still run; without an Idempotency-Key it cannot be found again.';
  const seconds = String(Math.max(1, Math.ceil(retryAfterMs / 1000)));
  return new ProxyHttpError(502, 'generation_unknown', message, { headers: { 'retry-after': seconds } });
}

/** A generation body checked against the spec, tagged with its operation. */
export type GenerationInput = { [O in GenerationOperation]: { operation: O; body: OperationBody<O> } }[GenerationOperation];

function parseInput(request: ProxyRequest, raw: Uint8Array, operation: GenerationOperation): GenerationInput {
  return { operation, body: valid(checkOperationInput(operation, parseJson(request, raw))) } as GenerationInput;
}

/** A JSON body (415 when not sent as JSON, 400 invalid_json when it does not parse). */
export function parseJson(request: ProxyRequest, raw: Uint8Array): unknown {
  const type = request.headers.get('content-type') ?? '';
  // Requiring JSON also forces a CORS preflight, so a cross-site form cannot start a generation.
  if (!/^application\/json\s*(;|$)/i.test(type))
    throw new ProxyHttpError(415, 'unsupported_media_type', 'Send the body as application/json');
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    throw new ProxyHttpError(400, 'invalid_json', 'The body is not valid JSON');
  }
}

export function valid<T>(checked: InputCheck<T>): T {
  if (!checked.ok) throw new ProxyHttpError(400, 'bad_request', checked.message, checked.field ? { extra: { field: checked.field } } : {});
  return checked.value;
}

/** The acknowledgement a browser sees: the handle in place of the service's id, and the operation's recent median time. */
function acknowledgement(ack: unknown, requestId: string, handle: string, prefix: string, expectedMs?: number): ProxyGenerationAck {
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

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The checked header, or undefined when there is none; a malformed one is a 400. */
export function idempotencyKeyOf(header: string | null): string | undefined {
  if (header === null) return undefined;
  if (!KEY_PATTERN.test(header))
    throw new ProxyHttpError(400, 'bad_idempotency_key', 'Idempotency-Key must be 1–255 printable ASCII characters', {
      extra: { field: 'Idempotency-Key' },
    });
  return header;
}

/** Claims the visitor's `key` for `start` (its record named per visitor and hashed), or says what became of the request that claimed it first. */
async function claimIdempotencyKey({ context, visitor, input, fingerprint }: Generation, key: string, start: Start) {
  const request = fingerprint ?? `${input.operation}\n${JSON.stringify(input.body)}`;
  const scope = { ttlMs: context.options.idempotencyTtlMs, pendingTtlMs: context.starts.pendingTtlMs, now: start.startedAt };
  const claim = await claimKey(context.store, `idem:${visitor}:${await sha256(key)}`, await sha256(request), start, scope);
  if (claim.kind === 'reused')
    throw new ProxyHttpError(409, 'idempotency_key_reused', 'This Idempotency-Key was already used with a different request');
  if (claim.kind === 'in_progress') throw inProgress(claim.retryAfterMs);
  return claim;
}

/** Come back soon, and again until the request in flight has ended. */
const IN_PROGRESS_RETRY_MS = 2_000;

function inProgress(waitMs: number): ProxyHttpError {
  const seconds = String(Math.max(1, Math.ceil(Math.min(waitMs, IN_PROGRESS_RETRY_MS) / 1000)));
  return new ProxyHttpError(409, 'idempotency_in_progress', 'A request with this Idempotency-Key is still in progress', {
    headers: { 'retry-after': seconds },
  });
}
