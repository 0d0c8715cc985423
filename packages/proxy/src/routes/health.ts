/**
 * GET /livez (and /healthz): the process is up, asking neither store nor service (a Redis outage never gets a healthy
 * instance restarted). GET /readyz: whether traffic should come here, with the version each instance runs.
 */
import type { ProxyContext } from '../context.js';
import type { ReadinessBody, ReadinessChecks } from '../health/readiness.js';
import { type JsonReply, jsonReply } from '../http/responses.js';
import { VERSION } from '../version.js';

const RETRY_AFTER_SECONDS = '5';

export function handleLive(): JsonReply {
  return jsonReply(200, { ok: true });
}

export async function handleReady(context: ProxyContext): Promise<JsonReply> {
  const checks = await context.readiness();
  if (context.hub.closed) return notReady(checks, 'shutting_down', 'The proxy is shutting down');
  if (checks.store !== 'ok') return notReady(checks, 'not_ready', 'The proxy cannot reach its store');
  if (checks.upstream !== 'ok')
    return notReady(
      checks,
      'not_ready',
      checks.upstream === 'refused' ? 'The generation service refuses the proxy’s key' : 'The generation service cannot be reached',
    );
  return jsonReply(200, { ok: true, version: VERSION, checks } satisfies ReadinessBody);
}

function notReady(checks: ReadinessChecks, code: NonNullable<ReadinessBody['code']>, error: string): JsonReply {
  return jsonReply(503, { ok: false, version: VERSION, checks, error, code } satisfies ReadinessBody, {
    'retry-after': RETRY_AFTER_SECONDS,
  });
}
