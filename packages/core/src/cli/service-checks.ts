/**
 * The `base URL` and `key` lines of `--check`, shared by the bins: one `GET /api/v1/me` through the
 * kit's client, its typed errors turned into the fix. The key is never printed.
 */
import { createRoomClient } from '../client.js';
import { ConnectionError, InvalidApiKeyError, NotFoundError, TimeoutError } from '../errors.js';
import type { FetchLike } from '../transport.js';
import type { Account } from '../types.js';
import { type Check, type CheckOutcome, fail, ok, warn } from './check.js';

export interface ServiceCheckSettings {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  /** Bounds the one call (no retries). Default 3 s. */
  timeoutMs?: number | undefined;
  fetch?: FetchLike | undefined;
}

const EXAMPLE_ORIGIN = 'https://api.bright-shot.com';

export function serviceChecks(settings: ServiceCheckSettings): Check[] {
  const { apiKey, baseUrl } = settings;
  let answer: Promise<Account | Error> | undefined;
  // One call serves both lines; without a key it still tells whether the address is the service's.
  const me = (signal: AbortSignal) => {
    if (!baseUrl || !URL.canParse(baseUrl)) return Promise.resolve(new Error('not called'));
    answer ??= createRoomClient({ baseUrl, apiKey, fetch: settings.fetch, retry: false, timeoutMs: settings.timeoutMs ?? 3_000 })
      .me({ signal })
      .catch((error: Error) => error);
    return answer;
  };
  return [
    { label: 'base URL', run: async (signal) => baseUrlOutcome(baseUrl, await me(signal)) },
    { label: 'key', run: async (signal) => keyOutcome(baseUrl, apiKey, await me(signal)) },
  ];
}

function baseUrlOutcome(baseUrl: string | undefined, answer: Account | Error): CheckOutcome {
  if (!baseUrl) return fail('ROOM_API_BASE_URL is not set', `set it to the service origin, e.g. ${EXAMPLE_ORIGIN}`);
  if (!URL.canParse(baseUrl))
    return fail(`"${baseUrl}" is not a URL`, `set ROOM_API_BASE_URL to the service origin, e.g. ${EXAMPLE_ORIGIN}`);
  if (answer instanceof NotFoundError)
    return fail(`${baseUrl} answered 404 at /api/v1/me`, `set ROOM_API_BASE_URL to the service origin, e.g. ${EXAMPLE_ORIGIN}`);
  if (answer instanceof ConnectionError || answer instanceof TimeoutError)
    return fail(`${baseUrl} is unreachable (${answer.message})`, 'check ROOM_API_BASE_URL and that this machine can reach it');
  // A refused key is still an answer from the service: the address is right.
  if (answer instanceof Error && !(answer instanceof InvalidApiKeyError))
    return fail(`${baseUrl}: ${answer.message}`, 'check ROOM_API_BASE_URL points at the service');
  return ok(`${baseUrl} answers`);
}

function keyOutcome(baseUrl: string | undefined, apiKey: string | undefined, answer: Account | Error): CheckOutcome {
  if (!apiKey) return fail('ROOM_API_KEY is not set', 'set it to your service API key');
  if (!baseUrl) return warn('not checked: no base URL');
  if (answer instanceof InvalidApiKeyError)
    return fail('refused', 'the service refused ROOM_API_KEY; copy the key again from your account (it is printed nowhere here)');
  if (answer instanceof Error) return warn('not checked: the service did not answer GET /api/v1/me');
  return ok(`accepted: plan ${answer.subscription}, ${answer.credits_remaining} credits left`);
}
