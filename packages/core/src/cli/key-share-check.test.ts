/** `key share`: whether the account's recent jobs include some this deployment did not start — when it can tell. */
import { describe, expect, it } from 'vitest';
import { createMemoryStartStore } from '../start/memory-store.js';
import { StartLedger } from '../start/start-ledger.js';
import { keyShareCheck } from './key-share-check.js';

const T0 = Date.UTC(2025, 0, 15, 12);
const jobs = [
  { prediction_id: 'ours', created_at: new Date(T0 + 40).toISOString() },
  { prediction_id: 'theirs', created_at: new Date(T0 + 20_000).toISOString() },
];
const fetch = async () =>
  Response.json({ predictions: jobs.map((job) => ({ ...job, status: 'succeeded', output: [], error: null })), count: jobs.length });

async function ledgerWithOurJob(): Promise<StartLedger> {
  const ledger = new StartLedger(createMemoryStartStore({ now: () => T0 }), { upstreamTimeoutMs: 30_000 });
  const start = ledger.newStart(T0);
  await ledger.open(start);
  await ledger.claimPrediction('ours', start, T0 + 80);
  await ledger.close(start, 'in_flight');
  return ledger;
}

const run = (openLedger: () => Promise<{ ledger: StartLedger; close(): Promise<void> } | string>) =>
  keyShareCheck({ apiKey: 'k', baseUrl: 'https://api.example.com', fetch, openLedger, now: () => T0 + 60_000 }).run(
    new AbortController().signal,
  );

describe('keyShareCheck', () => {
  it('warns when a recent job was started by no start of this deployment, and closes the ledger it opened', async () => {
    const ledger = await ledgerWithOurJob();
    let closed = false;
    const outcome = await run(async () => ({
      ledger,
      close: async () => {
        closed = true;
      },
    }));
    expect(outcome).toEqual({
      status: 'warn',
      detail:
        '1 of the 2 recent jobs on the account were not started by this deployment — another program uses ROOM_API_KEY: give each deployment its own key, or lost starts are left unknown',
    });
    expect(closed).toBe(true);
  });

  it('is content when every job it can judge is its own, and says when it cannot tell', async () => {
    const ledger = await ledgerWithOurJob();
    await ledger.claimPrediction('theirs', ledger.newStart(T0 + 19_000));
    expect(await run(async () => ({ ledger, close: async () => {} }))).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(/none started by another program/),
    });
    expect(await run(async () => "the ledger lives in the running server's memory")).toEqual({
      status: 'ok',
      detail:
        "2 recent jobs on the account; whose they are cannot be told here (the ledger lives in the running server's memory) — reconciling a lost start needs one API key per deployment",
    });
  });
});
