/**
 * The portability smoke suite: the one source every runtime runs (Node, Chromium, Deno, workerd),
 * bundled by esbuild per runtime from core as it is shipped (`dist`). It calls the simulator the
 * way a user's code would, on web-platform globals only (fetch, AbortController, Date), and
 * returns what passed instead of throwing, so that each runtime's host only has to carry a report.
 */
import { createRoomClient, fixedPollSchedule, isRoomApiError } from '@room-restyler/core';

export interface SmokeTarget {
  /** The simulator's origin. */
  baseUrl: string;
  apiKey: string;
  /** A room photo the simulator can fetch. */
  photoUrl: string;
}

export interface CheckResult {
  name: CheckName;
  ok: boolean;
  ms: number;
  /** Why it failed. */
  error?: string;
}

export interface SmokeReport {
  /** What the runtime says it is (`navigator.userAgent`), where it says. */
  userAgent: string;
  checks: CheckResult[];
}

export const CHECKS = ['me', 'restyle', 'poll to success', 'a 401', 'an abort'] as const;
export type CheckName = (typeof CHECKS)[number];

/** A generous bound for an abort to end a call or a wait: a loaded machine is slow, but a wait that ignores its abort sleeps a minute. */
const ABORT_BOUND_MS = 10_000;
const IDLE_POLL = fixedPollSchedule(60_000);

class CheckFailed extends Error {}

function expect(condition: boolean, what: string, seen?: unknown): asserts condition {
  if (!condition) throw new CheckFailed(seen === undefined ? what : `${what}; got ${describe(seen)}`);
}

function describe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  return JSON.stringify(value) ?? String(value);
}

/** The error `promise` rejects with, within `limitMs`; a check failure if it resolves or takes longer. */
async function failureOf(promise: Promise<unknown>, limitMs = ABORT_BOUND_MS): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckFailed(`still pending after ${limitMs} ms`)), limitMs);
  });
  try {
    const value = await Promise.race([promise, late]);
    throw new CheckFailed(`expected a rejection; it resolved with ${describe(value)}`);
  } catch (error) {
    if (error instanceof CheckFailed) throw error;
    return error;
  } finally {
    clearTimeout(timer);
  }
}

export async function runSmoke(target: SmokeTarget): Promise<SmokeReport> {
  const rooms = createRoomClient({ baseUrl: target.baseUrl, apiKey: target.apiKey });
  const checks: CheckResult[] = [];
  const state: { creditsBefore?: number; requestId?: string } = {};

  const steps: Record<CheckName, () => Promise<void>> = {
    async me() {
      const account = await rooms.me();
      expect(Number.isInteger(account.credits_remaining) && account.credits_remaining > 0, 'credits_remaining', account);
      expect(typeof account.email === 'string' && account.email.includes('@'), 'an e-mail address', account);
      state.creditsBefore = account.credits_remaining;
    },

    async restyle() {
      const body = { image_url: target.photoUrl, style: 'coastal', room_type: 'living_room' };
      const started = await rooms.restyle(body, { idempotencyKey: `portability-${Date.now()}` });
      expect(started.requestId.length > 0 && started.message.includes(started.requestId), 'an acknowledgement naming its job', started);
      state.requestId = started.requestId;
    },

    async 'poll to success'() {
      expect(state.requestId !== undefined, 'a job started by the restyle check');
      const statuses: string[] = [];
      const prediction = await rooms.waitForPrediction(state.requestId, {
        schedule: fixedPollSchedule(100),
        timeoutMs: 60_000,
        onUpdate: (update) => statuses.push(update.status),
      });
      expect(prediction.status === 'succeeded', 'status succeeded', prediction);
      expect(statuses.at(-1) === 'succeeded', 'the last update to say succeeded', statuses);
      const [first] = prediction.output ?? [];
      expect(first !== undefined, 'at least one output URL', prediction);
      const image = await fetch(first);
      const bytes = new Uint8Array(await image.arrayBuffer());
      expect(image.ok && bytes[0] === 0xff && bytes[1] === 0xd8, 'the output to download as a JPEG', image.status);
      const after = await rooms.me();
      expect(after.credits_remaining === (state.creditsBefore ?? Number.NaN) - 1, 'exactly one credit spent', after);
    },

    async 'a 401'() {
      const wrongKey = 'bs_live_portabilityWRONGkey0123456789';
      const stranger = createRoomClient({ baseUrl: target.baseUrl, apiKey: wrongKey });
      const error = await failureOf(stranger.me());
      expect(isRoomApiError(error), 'a RoomApiError', error);
      expect(error.name === 'InvalidApiKeyError' && error.code === 'invalid_api_key' && error.status === 401, 'InvalidApiKeyError', error);
      expect(!JSON.stringify({ message: error.message, body: error.body }).includes(wrongKey), 'the key kept out of the error', error);
    },

    async 'an abort'() {
      // A request in flight, aborted before its answer can arrive.
      const inFlight = new AbortController();
      const call = failureOf(rooms.me({ signal: inFlight.signal }));
      inFlight.abort();
      expectAborted(await call);

      // A wait sleeping a minute before its next poll, aborted once that sleep has begun (the next task).
      const waiting = new AbortController();
      const { requestId } = await rooms.restyle({ image_url: target.photoUrl, style: 'japandi' });
      const error = await failureOf(
        rooms.waitForPrediction(requestId, {
          schedule: IDLE_POLL,
          signal: waiting.signal,
          onUpdate: () => setTimeout(() => waiting.abort(), 0),
        }),
      );
      expectAborted(error);
    },
  };

  for (const name of CHECKS) {
    const startedAt = Date.now();
    try {
      await steps[name]();
      checks.push({ name, ok: true, ms: Date.now() - startedAt });
    } catch (error) {
      checks.push({ name, ok: false, ms: Date.now() - startedAt, error: describe(error) });
    }
  }
  const { navigator } = globalThis as { navigator?: { userAgent: string } };
  return { userAgent: navigator?.userAgent ?? '', checks };
}

function expectAborted(error: unknown): void {
  expect(isRoomApiError(error) && error.name === 'AbortError' && error.code === 'aborted', 'an AbortError', error);
}
