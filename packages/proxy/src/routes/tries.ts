/**
 * POST /api/v1/tries: one room in several styles, each style one start of the paid path (generate.ts's startEach), their
 * limits taken at once (all or none: a 429 says how many styles still fit).
 */
import { type GenerationOperation, operationCredits } from '@room-restyler/core';
import { checkOperationInput } from '@room-restyler/core/schemas';
import type { ProxyContext, RequestScope } from '../context.js';
import { readBody } from '../http/read-body.js';
import { JsonReply, jsonReply, ProxyHttpError, type Reply } from '../http/responses.js';
import { runAuthorize } from '../security/authorize.js';
import { sha256 } from '../security/keys.js';
import { checkImageUrls } from '../security/uploads.js';
import {
  badField,
  type Generation,
  type GenerationInput,
  generationChecks,
  idempotencyKeyOf,
  parseJson,
  refuseUnlessOffered,
  type StartReply,
  startEach,
  styledBody,
  valid,
  visitorWithCookie,
} from './generate.js';

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

  const replies = await Promise.allSettled(await startEach(starts, generationChecks(context, scope, visitor)));
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

/** A start's answer; a refusal thrown is answered like one returned (the other styles go on). */
function replyOf(settled: PromiseSettledResult<StartReply>): StartReply {
  if (settled.status === 'fulfilled') return settled.value;
  if (settled.reason instanceof ProxyHttpError) return settled.reason.toReply();
  throw settled.reason;
}

/** 202 with a handle per started style; the refusal itself when none started. */
function answer(replies: StartReply[], styles: string[], credits: number): JsonReply {
  const tries: Array<{ style: string; handle: string }> = [];
  const failed: Array<Record<string, unknown>> = [];
  replies.forEach((reply, i) => {
    const style = styles[i] as string;
    if (reply instanceof JsonReply) failed.push({ style, ...(JSON.parse(reply.text ?? '{}') as Record<string, unknown>) });
    else tries.push({ style, handle: reply.ack.request_id });
  });
  const [first] = replies;
  if (tries.length === 0 && first instanceof JsonReply) return first;
  const replayed = replies.every((reply) => !(reply instanceof JsonReply) && reply.replayed);
  return jsonReply(
    202,
    { tries, credits: tries.length * credits, ...(failed.length > 0 ? { failed } : {}) },
    replayed ? { 'idempotent-replayed': 'true' } : undefined,
  );
}
