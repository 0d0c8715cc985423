/**
 * POST /api/v1/tries: one room in several styles. The limits are taken for every style at once (all or none: a 429
 * says how many styles still fit), then each style is one start of the paid path (generate.ts), claimed and sent.
 */
import { type GenerationOperation, operationCredits } from '@room-restyler/core';
import { checkOperationInput } from '@room-restyler/core/schemas';
import type { ProxyContext, RequestScope } from '../context.js';
import { readBody } from '../http/read-body.js';
import { JsonReply, jsonReply, ProxyHttpError, type Reply } from '../http/responses.js';
import { actionsLeft, consumeLimits, limitChecks, releaseSteps } from '../limits/limits.js';
import { runAuthorize } from '../security/authorize.js';
import { sha256 } from '../security/keys.js';
import { checkImageUrls } from '../security/uploads.js';
import type { WriteStep } from '../state/write-behind.js';
import {
  type Claimed,
  claimStart,
  forget,
  type Generation,
  type GenerationInput,
  idempotencyKeyOf,
  parseJson,
  refuseUnlessOffered,
  sendClaimed,
  valid,
  visitorWithCookie,
} from './generate.js';
import { badField, styledBody } from './styled.js';

/** A try: its operation, its styles and the fields every style's start shares. */
interface Try {
  operation: GenerationOperation;
  styles: string[];
  fields: Record<string, unknown>;
}

export async function handleTries(context: ProxyContext, scope: RequestScope): Promise<Reply> {
  const visitor = await visitorWithCookie(context, scope);
  const key = idempotencyKeyOf(scope.request.headers.get('idempotency-key'));
  const raw = await readBody(scope.request, { maxBytes: context.options.maxBodyBytes, timeoutMs: context.options.bodyTimeoutMs });
  const body = parseJson(scope.request, raw);
  const { operation, styles, fields } = tryOf(context, body);
  const denied = await runAuthorize(context, scope, raw, operation, visitor);
  if (denied) return denied;
  const inputs = styles.map(
    (style) => ({ operation, body: valid(checkOperationInput(operation, { ...fields, style })) }) as GenerationInput,
  );
  await checkImageUrls(context, scope, inputs[0]?.body ?? {});
  // Each style's start has its own key, derived from the try's; a replay must repeat the whole try.
  const keyOfTry = key === undefined ? undefined : `try-${(await sha256(key)).slice(0, 40)}`;
  const fingerprint = `tries\n${JSON.stringify(body)}`;
  const starts: Generation[] = inputs.map((input, i) => ({
    context,
    scope,
    input,
    visitor,
    key: keyOfTry && `${keyOfTry}-${i}`,
    fingerprint,
  }));

  const claims = await claimAll(starts);
  const releases = await takeLimits(starts, claims, operation);
  const replies = await Promise.allSettled(
    claims.map((claim, i) => (claim instanceof JsonReply ? claim : sendClaimed(starts[i] as Generation, claim, releases))),
  );
  return answer(replies.map(replyOf), styles, operationCredits[operation]);
}

/** The try in a body: an offered operation that takes a style, 2 to `stylesPerTry` distinct styles, and the other fields. */
function tryOf(context: ProxyContext, body: unknown): Try {
  const {
    operation,
    fields: { styles, ...fields },
  } = styledBody(body);
  refuseUnlessOffered(context, operation);
  if (!Array.isArray(styles)) throw badField('styles', 'styles must be a list of styles');
  const most = context.options.limits.stylesPerTry;
  if (styles.length > most)
    throw new ProxyHttpError(400, 'too_many_styles', `A try may ask for at most ${most} styles`, {
      extra: { field: 'styles', max_styles: most },
    });
  if (styles.length < 2 || new Set(styles).size !== styles.length) throw badField('styles', 'styles must name 2 or more different styles');
  return { operation, styles: styles as string[], fields };
}

/** Claims every style's start (a replay answers at once); when one cannot be claimed, those claimed are forgotten. */
async function claimAll(starts: Generation[]): Promise<Array<Claimed | JsonReply>> {
  const claims: Array<Claimed | JsonReply> = [];
  try {
    for (const start of starts) claims.push(await claimStart(start));
  } catch (error) {
    await forgetAll(starts, claims);
    throw error;
  }
  return claims;
}

function forgetAll(starts: Generation[], claims: Array<Claimed | JsonReply>): Promise<unknown> {
  return Promise.all(claims.map((claim, i) => (claim instanceof JsonReply ? undefined : forget(starts[i] as Generation, claim))));
}

/** Takes the limits of every new start at once, or none (a 429 with `left`); answers the steps that give back one start's. */
async function takeLimits(starts: Generation[], claims: Array<Claimed | JsonReply>, operation: GenerationOperation): Promise<WriteStep[]> {
  const [first] = starts;
  const count = claims.filter((claim) => !(claim instanceof JsonReply)).length;
  if (first === undefined || count === 0) return [];
  const { store, options } = first.context;
  const now = options.clock.now();
  const checks = limitChecks('gen', options.limits, first.visitor, first.scope.ip, now);
  const credits = operationCredits[operation];
  try {
    await consumeLimits(store, checks, now, count * credits);
  } catch (error) {
    await forgetAll(starts, claims);
    if (!(error instanceof ProxyHttpError) || error.status !== 429) throw error;
    const left = await actionsLeft(store, checks, credits);
    const message = `Only ${left} more style${left === 1 ? '' : 's'} can be tried for now (${count} asked); nothing was started`;
    throw new ProxyHttpError(429, error.code, message, { headers: error.headers, extra: { ...error.extra, left } });
  }
  return releaseSteps(store, checks, credits);
}

/** A start's answer; a refusal thrown is answered like one returned (the other styles go on). */
function replyOf(settled: PromiseSettledResult<JsonReply>): JsonReply {
  if (settled.status === 'fulfilled') return settled.value;
  if (settled.reason instanceof ProxyHttpError) return settled.reason.toReply();
  throw settled.reason;
}

/** 202 with a handle per started style; the refusal itself when none started. */
function answer(replies: JsonReply[], styles: string[], credits: number): JsonReply {
  const tries: Array<{ style: string; handle: string }> = [];
  const failed: Array<Record<string, unknown>> = [];
  replies.forEach((reply, i) => {
    const body = JSON.parse(reply.text ?? '{}') as Record<string, unknown>;
    const style = styles[i] as string;
    if (reply.status < 300) tries.push({ style, handle: String(body.request_id) });
    else failed.push({ style, ...body });
  });
  const [first] = replies;
  if (tries.length === 0 && first) return first;
  const replayed = replies.every((reply) => reply.headers['idempotent-replayed'] === 'true');
  return jsonReply(
    202,
    { tries, credits: tries.length * credits, ...(failed.length > 0 ? { failed } : {}) },
    replayed ? { 'idempotent-replayed': 'true' } : undefined,
  );
}
