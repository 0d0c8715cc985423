/**
 * /api/v1/batches: a trusted server's photos × styles, priced first, then run in this proxy with core's runBatch (its
 * starts through the paid path, its jobs through the job hub), read, followed and cancelled from any instance. Without
 * `batchToken` every batch path is the proxy's plain 404.
 */
import type { Account, GenerateInput } from '@room-restyler/core';
import { type BatchItem, type BatchPlan, batchItems, DEFAULT_BATCH_CONCURRENCY, planBatch, runBatch } from '@room-restyler/core/batch';
import { checkOperationInput } from '@room-restyler/core/schemas';
import type { ProxyContext, RequestScope } from '../context.js';
import { eventStream } from '../http/event-stream.js';
import { readBody } from '../http/read-body.js';
import { jsonReply, ProxyHttpError, routeNotFound } from '../http/responses.js';
import { actionsLeft, dailyCheck } from '../limits/limits.js';
import { badField, parseJson, styledBody, valid } from '../routes/generate.js';
import { bearerCarries } from '../security/keys.js';
import { checkImageUrls } from '../security/uploads.js';
import { randomId } from '../util/base64url.js';
import { batchClient } from './batch-client.js';
import { cancelChannel, followBatch, readBatch, storedBatch } from './batch-store.js';

/** Items one batch may hold (a listing of 40 photos in 4 styles, with room to spare). */
const MAX_ITEMS = 200;

/** POST: the plan (200), or with `confirm: true` the batch started (201 `{ id, plan }`). */
export async function handleBatches(context: ProxyContext, scope: RequestScope) {
  await refuseUnlessTrusted(context, scope);
  const raw = await readBody(scope.request, { maxBytes: context.options.maxBodyBytes, timeoutMs: context.options.bodyTimeoutMs });
  const { items, confirm } = batchOf(parseJson(scope.request, raw));
  for (const image_url of new Set(items.map((item) => item.photo))) await checkImageUrls(context, scope, { image_url });
  const planned = await planOf(context, items);
  const priced = planBody(planned);
  if (confirm !== true) return jsonReply(200, priced);
  if (!planned.plan.fits) throw unaffordable(planned);
  const id = randomId(16);
  await run(context, scope, id, planned.plan);
  return jsonReply(201, { id, plan: priced });
}

/** The batch token, compared in constant time and never logged; without one configured the path does not exist. */
export async function refuseUnlessTrusted({ options }: ProxyContext, { request }: RequestScope): Promise<void> {
  if (options.batchToken === undefined) throw routeNotFound();
  if (await bearerCarries(request.headers.get('authorization') ?? '', options.batchToken)) return;
  throw new ProxyHttpError(401, 'batch_token_invalid', 'Authorization does not carry the batch token this proxy expects', {
    headers: { 'www-authenticate': 'Bearer' },
  });
}

/** The batch asked for: an operation that takes a style, photos and styles (their product within MAX_ITEMS), the other fields. */
function batchOf(body: unknown): { items: BatchItem[]; confirm: unknown } {
  const {
    operation,
    fields: { items, photos, styles, confirm, ...fields },
  } = styledBody(body);
  // Each item's body checked as a single start's (the same 400s).
  const inputOf = (extra: object) => (photo: string, style: string) =>
    ({ operation, ...valid(checkOperationInput(operation, { ...fields, ...extra, image_url: photo, style })) }) as GenerateInput;
  if (items !== undefined) return { items: listedItems(items, inputOf), confirm };
  if (!isList(photos) || photos.length === 0) throw badField('photos', 'photos must list the photos’ URLs (or give items)');
  if (!isList(styles) || styles.length === 0 || new Set(styles).size < styles.length)
    throw badField('styles', 'styles must list different styles');
  if (photos.length * styles.length > MAX_ITEMS) throw badField('photos', `A batch holds at most ${MAX_ITEMS} items (photos × styles)`);
  return { items: batchItems(photos, styles, inputOf({})), confirm };
}

/** `items`: each its own photo and style (and fields of its own), numbered in order. */
function listedItems(items: unknown, inputOf: (extra: object) => (photo: string, style: string) => GenerateInput): BatchItem[] {
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_ITEMS)
    throw badField('items', `items must list 1 to ${MAX_ITEMS} items, each { image_url, style, … }`);
  return items.flatMap((item: unknown, index) => {
    const { image_url, style, ...extra } = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (typeof image_url !== 'string' || typeof style !== 'string') throw badField('items', 'Each item needs an image_url and a style');
    return batchItems([{ url: image_url, name: String(index + 1) }], [style], inputOf(extra));
  });
}

const isList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Core's plan (the account's balance from `GET /me`), which must also fit in what is left of the site's daily budget. */
async function planOf(context: ProxyContext, items: BatchItem[]) {
  const me = async () => {
    const account = await context.upstream.getAccount();
    if (account.status !== 200 || typeof (account.body as Partial<Account> | null)?.credits_remaining !== 'number')
      throw new ProxyHttpError(502, 'bad_upstream_response', "The generation service did not tell the account's balance");
    return account.body as Account;
  };
  const plan = await planBatch({ me }, items);
  const now = context.options.clock.now();
  const budgetLeft = await actionsLeft(context.store, [dailyCheck('gen', context.options.limits, now)], 1);
  return { plan: { ...plan, fits: plan.fits && plan.credits <= budgetLeft }, budgetLeft };
}

type Plan = Awaited<ReturnType<typeof planOf>>;

function planBody({ plan: { items, credits, balance, fits }, budgetLeft }: Plan) {
  return {
    items: items.map((item) => ({ id: item.id, photo: item.photo, style: item.variant })),
    credits,
    balance,
    budget_left: Number.isFinite(budgetLeft) ? budgetLeft : null,
    fits,
  };
}

function unaffordable({ plan: { credits, balance }, budgetLeft }: Plan): ProxyHttpError {
  if (credits > balance)
    return new ProxyHttpError(402, 'insufficient_credits', `The batch costs ${credits} credits; the account has ${balance}`, {
      extra: { credits_remaining: balance },
    });
  return new ProxyHttpError(429, 'daily_budget', `The batch costs ${credits} credits; ${budgetLeft} are left of today's budget`);
}

/** Runs the batch here, journalled in the store; a cancel published by any instance stops it. */
async function run(context: ProxyContext, scope: RequestScope, id: string, plan: BatchPlan): Promise<void> {
  const { options, store } = context;
  const stored = storedBatch(store, id);
  // Journalled before the 201: its id is readable on every instance at once (runBatch goes on from this plan).
  await stored.journal.append({ kind: 'plan', plan });
  let cancelled = false;
  const unsubscribe = await store.subscribe(cancelChannel(id), () => {
    cancelled = true;
    void batch.cancel();
  });
  const batch = runBatch(batchClient(context, scope, `batch:${id}`), plan, {
    journal: stored.journal,
    // Each item in flight follows its job as a viewer of the hub, which caps the viewers of one owner.
    concurrency: Math.min(DEFAULT_BATCH_CONCURRENCY, options.limits.streamsPerVisitor),
    upstreamTimeoutMs: options.upstreamTimeoutMs,
    clock: options.clock,
    onProgress: stored.progress,
  });
  batch.done
    .then(
      () => stored.end(cancelled ? 'cancelled' : 'ended'),
      (error: unknown) => {
        context.log({ level: 'error', msg: 'batch failed', batch: id, error: String(error) });
        return stored.end('failed');
      },
    )
    .catch((error: unknown) => context.log({ level: 'error', msg: 'batch end not stored', batch: id, error: String(error) }))
    .finally(() => unsubscribe().catch(() => {}));
}

/** GET: the batch's state, from its journal. */
export async function handleBatch(context: ProxyContext, scope: RequestScope) {
  await refuseUnlessTrusted(context, scope);
  return jsonReply(200, await readBatch(context.store, scope.param ?? ''));
}

/** How long a cancel waits for the instance running the batch to stop it. */
const CANCEL_WAIT_MS = 10_000;

/** DELETE: cancels the batch wherever it runs; the answer is its state once stopped (`charged`: the items paid for). */
export async function handleCancelBatch(context: ProxyContext, scope: RequestScope) {
  await refuseUnlessTrusted(context, scope);
  const id = scope.param ?? '';
  let stopped = () => {};
  const ended = new Promise<void>((resolve) => {
    stopped = resolve;
  });
  const { state, unsubscribe } = await followBatch(context.store, id, (event) => event === 'end' && stopped());
  try {
    if (state.status === 'running') {
      // A batch whose instance is gone never answers: its state is answered as it stands.
      const timer = setTimeout(stopped, CANCEL_WAIT_MS);
      await context.store.publish(cancelChannel(id), 'cancel');
      await ended;
      clearTimeout(timer);
    }
  } finally {
    await unsubscribe();
  }
  return jsonReply(200, await readBatch(context.store, id));
}

/** GET /events: `progress` at once and on every change, `item` as each ends, `end` (then the stream closes). */
export async function handleBatchEvents(context: ProxyContext, scope: RequestScope) {
  await refuseUnlessTrusted(context, scope);
  return eventStream(context.options.jobs.heartbeatMs, async (stream) => {
    const { state, unsubscribe } = await followBatch(context.store, scope.param ?? '', (name, data) => {
      stream.event(name, data);
      if (name === 'end') stream.end();
    });
    const total = state.items.length;
    stream.event('progress', {
      total,
      succeeded: state.succeeded,
      failed: state.failed,
      remaining: total - state.succeeded - state.failed,
    });
    if (state.status !== 'running') {
      stream.event('end', state);
      stream.end();
    }
    return () => unsubscribe().catch(() => {});
  });
}
