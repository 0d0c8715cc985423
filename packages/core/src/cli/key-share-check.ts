/**
 * The `key share` line of `--check`: whether the account's recent jobs include some this deployment
 * did not start. A lost start's job is found again by elimination among the account's jobs, which
 * is sound only when every job on the key is this deployment's (one API key per deployment). The
 * deployment's start ledger tells when the process can read it (the proxy's shared store); a ledger
 * in a running server's memory cannot be read from here, and the line says so.
 */
import { createRoomClient } from '../client.js';
import { foreignJobs } from '../start/foreign-jobs.js';
import { type ListedJob, listedJobs } from '../start/listed-jobs.js';
import { RECONCILE_LIST_LIMIT, viewOf } from '../start/reconcile.js';
import type { StartLedger } from '../start/start-ledger.js';
import { type Check, type CheckOutcome, ok, warn } from './check.js';
import type { ServiceCheckSettings } from './service-checks.js';

/** The deployment's start ledger as a check opens it (released once read). */
export interface OpenedLedger {
  ledger: StartLedger;
  close(): Promise<void>;
}

export interface KeyShareCheckSettings extends ServiceCheckSettings {
  /** Opens the deployment's start ledger, or says why this process cannot read it. */
  openLedger(): Promise<OpenedLedger | string>;
  now?: (() => number) | undefined;
}

const ONE_KEY = 'reconciling a lost start needs one API key per deployment';

/** It reads the account's list and the ledger (Redis for the proxy): a little longer than one call. */
const KEY_SHARE_TIMEOUT_MS = 10_000;

export function keyShareCheck(settings: KeyShareCheckSettings): Check {
  // Advice about how the key is used: a slow answer never fails the configuration check.
  return { label: 'key share', advisory: true, timeoutMs: KEY_SHARE_TIMEOUT_MS, run: (signal) => keyShare(settings, signal) };
}

async function keyShare(settings: KeyShareCheckSettings, signal: AbortSignal): Promise<CheckOutcome> {
  const { apiKey, baseUrl } = settings;
  if (!apiKey || !baseUrl || !URL.canParse(baseUrl)) return warn('not checked: no key or base URL');
  const client = createRoomClient({ baseUrl, apiKey, fetch: settings.fetch, retry: false, timeoutMs: settings.timeoutMs ?? 3_000 });
  const listed = listedJobs(await client.listPredictions({ limit: RECONCILE_LIST_LIMIT, signal }).catch(() => undefined));
  if (!listed) return warn('not checked: the service did not list GET /api/v1/predictions');
  const jobs = `${listed.length} recent job${listed.length === 1 ? '' : 's'} on the account`;
  const opened = await settings.openLedger();
  if (typeof opened === 'string') return ok(`${jobs}; whose they are cannot be told here (${opened}) — ${ONE_KEY}`);
  try {
    return await judged(opened.ledger, listed, jobs, settings.now ?? Date.now);
  } finally {
    await opened.close();
  }
}

async function judged(ledger: StartLedger, listed: ListedJob[], jobs: string, now: () => number): Promise<CheckOutcome> {
  if ((await ledger.recordingSince()) === undefined) return ok(`${jobs}; no start recorded yet to tell them by — ${ONE_KEY}`);
  const foreign = await foreignJobs(ledger, listed, await viewOf(ledger, listed), now());
  if (foreign.length > 0)
    return warn(
      `${foreign.length} of the ${jobs} were not started by this deployment`,
      'another program uses ROOM_API_KEY: give each deployment its own key, or lost starts are left unknown',
    );
  return ok(`${jobs}; none started by another program, as far as the start ledger tells`);
}
