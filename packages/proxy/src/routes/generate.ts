/**
 * POST of an operation's start (/api/v1/enhance, …), as the steps `handleGenerate` reads top to bottom; each a function of
 * the request and of what the steps before it returned. Nothing is spent before the one upstream call; a start whose
 * answer is lost is never sent again but reconciled (core's reconcile), here or when its Idempotency-Key comes back.
 */
import {
  type GenerationOperation,
  isGenerationOperation,
  type OperationBody,
  operationCredits,
  type ProxyGenerationAck,
  requestIdOf,
} from '@room-restyler/core';
import { type Counted, claimKey, type KeyRecord, reconcile, type Start } from '@room-restyler/core/internal';
import { checkOperationInput, type InputCheck, operationInputSchemas } from '@room-restyler/core/schemas';
import { type ProxyContext, type RequestScope, visitorOf } from '../context.js';
import type { ProxyRequest } from '../http/proxy-request.js';
import { readBody } from '../http/read-body.js';
import { JsonReply, jsonReply, ProxyHttpError, type Reply } from '../http/responses.js';
import { actionsLeft, consumeLimits, type LimitCheck, limitChecks, precheckLimits, releaseSteps } from '../limits/limits.js';
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
interface Claimed {
  counted: Counted;
  record: KeyRecord | undefined;
}

/** A start the service took: the acknowledgement the visitor gets (`replayed`: given before under the same key). */
export interface Started {
  status: number;
  ack: ProxyGenerationAck;
  replayed: boolean;
}

/** What a start came to: taken, or the service's refusal (nothing was charged). */
export type StartReply = Started | JsonReply;

/** A job the service has for a start: its answer (`ack`; none for a job found again). */
interface Job {
  requestId: string;
  status: number;
  ack?: unknown;
  /** Answered to a request that came back with the key of a lost start. */
  replayed?: boolean;
}

export async function handleGenerate(context: ProxyContext, scope: RequestScope, operation: GenerationOperation): Promise<Reply> {
  refuseUnlessOffered(context, operation);
  const visitor = await visitorWithCookie(context, scope);
  const keyHeader = scope.request.headers.get('idempotency-key');
  // A request with an Idempotency-Key may be a replay of an answer already paid for: only the limits after the body judge it.
  if (keyHeader === null) {
    const now = context.options.clock.now();
    await precheckLimits(context.store, generationChecks(context, scope, visitor), now, operationCredits[operation]);
  }
  const raw = await readBody(scope.request, { maxBytes: context.options.maxBodyBytes, timeoutMs: context.options.bodyTimeoutMs });
  const denied = await runAuthorize(context, scope, raw, operation, visitor);
  if (denied) return denied;
  const input = { operation, body: valid(checkOperationInput(operation, parseJson(scope.request, raw))) } as GenerationInput;
  await checkImageUrls(context, scope, input.body);
  const g: Generation = { context, scope, input, visitor, key: idempotencyKeyOf(keyHeader) };
  return replyOf(await startOne(g, generationChecks(context, scope, visitor)));
}

/** The limits a visitor's generation counts against, now. */
export function generationChecks({ options }: ProxyContext, scope: RequestScope, visitor: string): LimitCheck[] {
  return limitChecks('gen', options.limits, visitor, scope.ip, options.clock.now());
}

/** The answer a visitor gets for a start. */
function replyOf(started: StartReply): JsonReply {
  if (started instanceof JsonReply) return started;
  return jsonReply(started.status, started.ack, started.replayed ? { 'idempotent-replayed': 'true' } : undefined);
}

/**
 * Starts each of `gs` (one operation's: a try's styles, or one start): all claimed (a replay is answered at once), the
 * limits of the new ones taken at once (all or none), then each sent; a failed send rejects its own promise only.
 */
export async function startEach(gs: Generation[], checks: LimitCheck[]): Promise<Array<Promise<StartReply>>> {
  const claims = await claimAll(gs);
  const releases = await takeLimits(gs, claims, checks);
  return claims.map((claim, i) => ('ack' in claim ? Promise.resolve(claim) : send(gs[i] as Generation, claim, releases)));
}

/** One start (a generation's, a batch item's): startEach of one. */
export async function startOne(g: Generation, checks: LimitCheck[]): Promise<StartReply> {
  const [started] = await startEach([g], checks);
  return started as Promise<StartReply>;
}

/** Claims every start (a replay answers at once); when one cannot be claimed, those claimed are forgotten. */
async function claimAll(gs: Generation[]): Promise<Array<Claimed | Started>> {
  const claims: Array<Claimed | Started> = [];
  try {
    for (const g of gs) claims.push(await claimStart(g));
  } catch (error) {
    await forgetAll(gs, claims);
    throw error;
  }
  return claims;
}

function forgetAll(gs: Generation[], claims: Array<Claimed | Started>): Promise<unknown> {
  return Promise.all(claims.map((claim, i) => ('ack' in claim ? undefined : forget(gs[i] as Generation, claim))));
}

/** Takes the limits of every new start at once, or none (a try's 429 says how many styles fit); answers the steps that give back one start's. */
async function takeLimits(gs: Generation[], claims: Array<Claimed | Started>, checks: LimitCheck[]): Promise<WriteStep[]> {
  const [first] = gs;
  const count = claims.filter((claim) => !('ack' in claim)).length;
  if (first === undefined || count === 0) return [];
  const { store, options } = first.context;
  const credits = operationCredits[first.input.operation];
  try {
    await consumeLimits(store, checks, options.clock.now(), count * credits);
  } catch (error) {
    await forgetAll(gs, claims);
    if (gs.length === 1 || !(error instanceof ProxyHttpError) || error.status !== 429) throw error;
    const left = await actionsLeft(store, checks, credits);
    const message = `Only ${left} more style${left === 1 ? '' : 's'} can be tried for now (${count} asked); nothing was started`;
    throw new ProxyHttpError(429, error.code, message, { headers: error.headers, extra: { ...error.extra, left } });
  }
  return releaseSteps(store, checks, credits);
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

/** Counts a new start and claims its Idempotency-Key: a key already answered is a replay, a lost start's is reconciled first. */
async function claimStart(g: Generation): Promise<Claimed | Started> {
  const counted = await openStart(g);
  if (g.key === undefined) return { counted, record: undefined };
  const claim = await claimIdempotencyKey(g, g.key, counted.start).catch(async (error: unknown) => {
    await forget(g, { counted, record: undefined });
    throw error;
  });
  if (claim.kind === 'claimed') return { counted, record: claim.record };
  await forget(g, { counted, record: undefined });
  if (claim.kind === 'replay') return { status: claim.status, ack: claim.body as ProxyGenerationAck, replayed: true };
  return resumeLostStart(g, claim.record, claim.lost);
}

async function openStart({ context }: Generation): Promise<Counted> {
  const start = context.starts.newStart(context.options.clock.now());
  await context.starts.open(start);
  return { start, state: 'in_flight' };
}

/** The key's earlier start lost its answer (`record` is locked for this request): its job, or a new start of the same action. */
async function resumeLostStart(g: Generation, record: KeyRecord, lost: Counted): Promise<Claimed | Started> {
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

/** The one upstream call of a start claimed and counted in the limits (`releaseLimits` gives them back), and its answer. */
async function send(g: Generation, claimed: Claimed, releaseLimits: WriteStep[]): Promise<StartReply> {
  const { context, scope, input, visitor, key } = g;
  // The service sees a key derived per visitor, never the browser's raw value.
  const idempotencyKey = key ? `rr-${visitor}-${key}`.slice(0, 255) : undefined;
  // The proxy's own uploads go to the service as freshly signed URLs (the visitor's may have expired).
  const body = await imageUrlsForService(context, input.body, scope.uploadOrigins);
  let reply: UpstreamReply;
  try {
    reply = await context.upstream.startGeneration(input.operation, body, { idempotencyKey, client: scope.request.headers });
  } catch (failure) {
    return findLostJob(g, claimed, releaseLimits, failure, false);
  }
  // A 5xx may come after the service created and charged the job: as unknown as a lost answer.
  if (reply.status >= 500) return findLostJob(g, claimed, releaseLimits, upstreamErrorReply(reply), true);
  if (reply.status >= 400) {
    // Refused: nothing was charged.
    await forget(g, claimed, releaseLimits);
    return upstreamErrorReply(reply);
  }
  const requestId = requestIdOf(reply.body);
  if (requestId) return answer(g, claimed, { requestId, status: reply.status, ack: reply.body });
  context.log({ level: 'error', msg: 'upstream ack without request id', operation: input.operation, status: reply.status });
  const failure = new ProxyHttpError(502, 'bad_upstream_response', 'The generation service answered without a request id');
  return findLostJob(g, claimed, releaseLimits, failure, true);
}

/**
 * The start's answer is lost (`answered`: a 5xx or one naming no job, else none): marked so (rivals stop waiting for it)
 * and its job looked for; none made → all is given back and the visitor gets `failure` (a reply, or thrown).
 */
async function findLostJob(g: Generation, claimed: Claimed, releaseLimits: WriteStep[], failure: unknown, answered: boolean) {
  const { starts, options, writeBehind } = g.context;
  const now = options.clock.now();
  const { start } = claimed.counted;
  await writeBehind.run([() => starts.markUnknown(start)]);
  const counted: Counted = { start, state: 'unknown', endedAt: now, ...(answered ? { answered: true } : {}) };
  const found = await lookFor(g, { counted, record: claimed.record }, now, false);
  if (found !== 'not_started') return found;
  await forget(g, { counted, record: claimed.record }, releaseLimits);
  if (failure instanceof JsonReply) return failure;
  throw failure;
}

/** Core's reconciliation of a lost start (`again`: its key came back): its job answered, or 502 generation_unknown. */
async function lookFor(g: Generation, claimed: Claimed, now: number, again: boolean): Promise<Started | 'not_started'> {
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
async function answer(g: Generation, { counted, record }: Claimed, job: Job): Promise<Started> {
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
  return { status: job.status, ack: body, replayed: job.replayed === true };
}

/** A start that sent nothing (or made nothing): the limits (when taken) and its key (when given) are free again, and it is resolved. */
function forget({ context }: Generation, { counted, record }: Claimed, releaseLimits: WriteStep[] = []): Promise<void> {
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

/** A 400 naming the field, as a single start's. */
export const badField = (field: string, message: string) => new ProxyHttpError(400, 'bad_request', message, { extra: { field } });

/** What a try and a batch read alike: the body's fields and its operation, one whose input has a `style` (`restyle`, …). */
export function styledBody(body: unknown): { operation: GenerationOperation; fields: Record<string, unknown> } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badField('operation', 'The body must be a JSON object');
  const { operation, ...fields } = body as Record<string, unknown>;
  if (!isGenerationOperation(operation) || !('style' in operationInputSchemas[operation].shape))
    throw badField('operation', 'operation must be an operation of the service that takes a style');
  return { operation, fields };
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
