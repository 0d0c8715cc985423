/**
 * The reliability run, through two proxy instances sharing one redis-server, while a real `prometheus`
 * scrapes both (when it is installed) and the test sends refusals of known reasons alongside. The run's
 * promises are checked first; then PromQL agrees with the simulator's accounting and with what the
 * visitors were answered; then the operator page, in Chromium: axe-clean on a phone and a desk, screenshotted.
 */
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRoomClient, isRoomApiError } from '@room-restyler/core';
import type { ProxyServer } from '@room-restyler/proxy/node';
import { sampleRoom } from '@room-restyler/simulator';
import { type RunningPrometheus, startPrometheus } from '@room-restyler/test-kit';
import { CHROMIUM_ARGS, chromiumPath, prometheus, SAFETY_TIMEOUT_MS } from '@room-restyler/test-kit/system';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '../support/stack.js';
import { type FlowsReport, newTally, outcomeTable, runFlows, startFlowsStack, tallyingFetch, type VisitorTally } from './run-flows.js';

const TYPED_OUTCOMES = new Set(['succeeded', 'generation_failed', 'server_error', 'connection', 'rate_limited']);
const FLOWS = 200;
const SEED = 20261121;
const TOKEN = 'operator-token-0123456789abcdef';
const DAILY_CREDITS = 1_000;
const JOB = 'room-restyler-proxy';
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? tmpdir();
const promBinary = prometheus().path;
const promTitle = promBinary ? '' : ` (SKIPPED: prometheus not found. ${prometheus().installHint}; or set PROMETHEUS_BIN)`;

/** What the proxy answers about the service (its own failures included), not refusals it decided itself. */
const isServiceCode = (code: string) =>
  code.startsWith('upstream_') ||
  ['insufficient_credits', 'rate_limited', 'bad_upstream_response', 'generation_unknown', 'internal_error'].includes(code);

/** The test's own traffic alongside the flows: refusals of known reasons, and what it spent to reach them. */
interface Deliberate {
  tally: VisitorTally;
  /** The limited visitor's generations by outcome (`succeeded` or the typed error). */
  generations: Record<string, number>;
  uploadsAccepted: number;
}

let stack: Stack;
let server: RunningPrometheus | undefined;
let report: FlowsReport;
let deliberate: Deliberate;
/** When the flows and the deliberate traffic had all been answered and the simulator's jobs had ended. */
let endedAt: number;

beforeAll(async () => {
  stack = await startFlowsStack({
    seed: SEED,
    instances: 2,
    proxy: { adminToken: TOKEN, limits: { dailyCredits: DAILY_CREDITS, networkDailyShare: 1, uploadsPerDay: 2 } },
  });
  if (promBinary)
    server = await startPrometheus({ targets: stack.proxies.map((proxy) => `127.0.0.1:${proxy.port}`), token: TOKEN, job: JOB });
  const refusals = sendRefusals(stack).then((sent) => (deliberate = sent));
  report = await runFlows(stack, { flows: FLOWS, seed: SEED, alongside: refusals });
  endedAt = Date.now();
});

afterAll(async () => {
  await server?.stop();
  await stack?.close();
});

describe('200 concurrent generation flows through two proxy instances, with faults', () => {
  it('keeps every promise: typed outcomes, no hang, credits match jobs, one job per key, proxy alive', () => {
    console.log(`\n${outcomeTable(report)}\n`);

    // Every flow ends in success or a clear typed error, and none hangs into its timeout.
    for (const outcome of Object.keys(report.outcomes)) expect(TYPED_OUTCOMES, `unexpected outcome ${outcome}`).toContain(outcome);
    expect(Object.values(report.outcomes).reduce((a, b) => a + b, 0)).toBe(200);
    expect(report.outcomes.succeeded ?? 0).toBeGreaterThan(100);

    // Faults really happened, or this proves nothing.
    const { sim } = report;
    expect(sim.faults.serverErrors).toBeGreaterThan(0);
    expect(sim.faults.rateLimited).toBeGreaterThan(0);
    expect(sim.faults.resets).toBeGreaterThan(0);
    expect(sim.faults.failedJobs).toBeGreaterThan(0);

    // Credits spent equal the jobs the simulator accepted: one per job, refunded when it failed.
    expect(sim.credits.debited).toBe(sim.jobs.accepted);
    expect(sim.credits.refunded).toBe(sim.jobs.failed);
    expect(sim.credits.debited - sim.credits.refunded).toBe(sim.jobs.succeeded);

    // No idempotency key produced two jobs, and every job came with a key.
    const perKey = new Map<string, number>();
    for (const job of sim.acceptedJobs) {
      expect(job.idempotencyKey).not.toBeNull();
      perKey.set(job.idempotencyKey!, (perKey.get(job.idempotencyKey!) ?? 0) + 1);
    }
    expect([...perKey].filter(([, n]) => n > 1)).toEqual([]);

    // Each succeeded flow is backed by a succeeded job.
    expect(sim.jobs.succeeded).toBeGreaterThanOrEqual(report.outcomes.succeeded ?? 0);
    expect(report.proxyHealthy).toBe(true);
  });
});

describe.skipIf(!promBinary)(`a real Prometheus scraping both instances during the run${promTitle}`, () => {
  const query = (promql: string) => (server as RunningPrometheus).query(promql);
  const value = async (promql: string) => (await query(promql))[0]?.value;

  it('sums credits as the simulator charged them, refusals by reason as the visitors were answered, generations as they ended', async () => {
    await (server as RunningPrometheus).scrapedAfter(endedAt);
    const sim = stack.sim.stats();
    const tallies = [report.tally, deliberate.tally];
    // A start whose acknowledgement a reset swallowed, and that the proxy could not find again, was charged
    // but never answered with a job (visitors saw generation_unknown): it is counted once, as credits whose
    // outcome is unknown, not as spent. The service's key is the visitor's, prefixed by the proxy (`rr-<visitor>-<key>`).
    const keys = tallies.flatMap((t) => [...t.startedKeys]);
    const answered = sim.acceptedJobs.filter((job) => keys.some((key) => job.idempotencyKey?.endsWith(`-${key}`)));
    const unanswered = sim.acceptedJobs.filter((job) => !answered.includes(job));
    expect(unanswered.every((job) => !job.acknowledged)).toBe(true);
    expect(await value('sum(room_restyler_credits_spent_total)')).toBe(sim.credits.debited - unanswered.length);
    const unknownKeys = new Set(tallies.flatMap((t) => [...t.unknownKeys]));
    const neverAnswered = [...unknownKeys].filter((key) => !keys.includes(key));
    expect((await value('sum(room_restyler_credits_unknown_total)')) ?? 0).toBe(unknownKeys.size);
    // Every charge no visitor saw is among the unknown ones (an unknown start may also have made no job).
    expect(unanswered.every((job) => neverAnswered.some((key) => job.idempotencyKey?.endsWith(`-${key}`)))).toBe(true);

    const sent: Record<string, number> = {};
    for (const { errorCodes } of tallies)
      for (const [code, n] of Object.entries(errorCodes)) if (!isServiceCode(code)) sent[code] = (sent[code] ?? 0) + n;
    const counted = Object.fromEntries(
      (await query('sum by (reason) (room_restyler_refusals_total)')).map((r) => [r.metric.reason, r.value]),
    );
    expect(counted).toEqual(sent);
    expect(Object.keys(deliberate.tally.errorCodes)).toEqual(
      expect.arrayContaining([
        'visitor_cookie_required',
        'visitor_limit',
        'bad_request',
        'unsupported_image_type',
        'daily_budget',
        'not_found',
      ]),
    );
    // The credential-carrying image URL and the empty style.
    expect(deliberate.tally.errorCodes.bad_request).toBe(2);

    const generations = Object.fromEntries(
      (await query('sum by (outcome) (room_restyler_generations_total)')).map((r) => [r.metric.outcome, r.value]),
    );
    expect(generations.started).toBe(answered.length);
    expect(generations.succeeded).toBe((report.outcomes.succeeded ?? 0) + (deliberate.generations.succeeded ?? 0));
    expect(generations.failed).toBe((report.outcomes.generation_failed ?? 0) + (deliberate.generations.generation_failed ?? 0));
    // Once per start, however often its key was answered generation_unknown.
    expect(generations.unknown ?? 0).toBe(unknownKeys.size);
    expect(await value('sum(room_restyler_uploads_total{outcome="accepted"})')).toBe(deliberate.uploadsAccepted);

    // Both instances up, on one store: both read the same budget.
    expect(await value(`count(up{job="${JOB}"} == 1)`)).toBe(2);
    expect(await value('min(room_restyler_store_up)')).toBe(1);
    const left = (await value('max(room_restyler_budget_left_credits)')) as number;
    expect(await value('min(room_restyler_budget_left_credits)')).toBe(left);
    // The budget holds back every start counted as spent, and those whose outcome is unknown too (they may have been charged).
    expect(left).toBeLessThanOrEqual(DAILY_CREDITS - answered.length);
  });

  it('shows the operator page after the run: token asked for, charts drawn, axe-clean on a phone and a desk', async () => {
    const left = (await value('max(room_restyler_budget_left_credits)')) as number;
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    try {
      for (const [name, viewport] of [
        ['phone', { width: 390, height: 844 }],
        ['desk', { width: 1280, height: 1000 }],
      ] as const) {
        // Bypassing the page's CSP lets axe be injected; the page's own scripts run as they would without it.
        const page = await browser.newPage({ viewport, bypassCSP: true });
        page.setDefaultTimeout(SAFETY_TIMEOUT_MS);
        await page.goto(`${stack.proxy.url}/admin`);
        await page.getByLabel('Admin token').fill(TOKEN);
        await page.getByRole('button', { name: 'Show' }).click();
        await page.waitForSelector('body[data-loaded="true"]');
        expect(page.url()).not.toContain(TOKEN);
        expect(await page.locator('#spent').textContent()).toBe(`${DAILY_CREDITS - left} of ${DAILY_CREDITS}`);
        expect(await page.locator('#jobs-chart canvas').count()).toBe(1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await page.addScriptTag({ path: AXE });
        const violations = await page.evaluate(async () => {
          const { axe } = window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } };
          return (await axe.run()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`);
        });
        expect(violations, name).toEqual([]);
        await page.screenshot({ path: join(SCREENSHOTS, `operator-page-${name}.png`), fullPage: true });
        await page.close();
      }
    } finally {
      await browser.close();
    }
  });
});

/**
 * Refusals of known reasons, each from a visitor of its own on alternating instances, all at once: a visitor
 * past its limit (it presses generate until refused), an unreadable upload and uploads past the day's count,
 * an image URL carrying credentials (SSRF: the one rule of the guard left on where photos are on loopback),
 * an invalid style, a path the proxy does not serve.
 * Every answer is tallied, the cookie's 428 that each new visitor's first POST gets included.
 */
async function sendRefusals({ proxies, photoUrl }: Stack): Promise<Deliberate> {
  const tally = newTally();
  const generations: Record<string, number> = {};
  let uploadsAccepted = 0;
  let instance = 0;
  /** A new visitor of the next instance: sends, and once more after the cookie's 428. */
  const visitor = () => {
    const { url } = proxies[instance++ % proxies.length] as ProxyServer;
    const fetch = tallyingFetch(tally);
    const send = async (path: string, init: RequestInit = {}): Promise<Response> => {
      const response = await fetch(`${url}${path}`, init);
      return response.status === 428 ? fetch(`${url}${path}`, init) : response;
    };
    return { url, fetch, send };
  };
  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  const overLimit = async () => {
    const limited = visitor();
    const client = createRoomClient({ baseUrl: limited.url, fetch: limited.fetch, retry: { baseDelayMs: 100, maxDelayMs: 1_000 } });
    const input = { operation: 'restyle' as const, image_url: photoUrl, style: 'modern' };
    // Six presses at once against a limit of 5; a start the service failed gives its place back, so press again until refused.
    for (let round = 0; round < 5 && !tally.errorCodes.visitor_limit; round += 1)
      await Promise.all(
        Array.from({ length: 6 }, async (_, press) => {
          const outcome = await client.generate(input, { idempotencyKey: `limited-${round}-${press}`, timeoutMs: 60_000 }).then(
            () => 'succeeded',
            (error: unknown) => (isRoomApiError(error) ? error.code : 'untyped'),
          );
          generations[outcome] = (generations[outcome] ?? 0) + 1;
        }),
      );
  };
  const uploads = async () => {
    const uploader = visitor();
    const photo = new Uint8Array(await sampleRoom({ width: 400, height: 300 }));
    const upload = (body: BodyInit) =>
      uploader.send('/api/v1/uploads', { method: 'POST', headers: { 'content-type': 'image/jpeg' }, body });
    await upload('not a photo');
    for (let n = 0; n < 5 && !tally.errorCodes.daily_budget; n += 1) if ((await upload(photo)).ok) uploadsAccepted += 1;
  };
  await Promise.all([
    overLimit(),
    uploads(),
    visitor().send('/api/v1/restyle', json({ image_url: 'http://admin:secret@169.254.169.254/latest/meta-data/', style: 'modern' })),
    visitor().send('/api/v1/restyle', json({ image_url: photoUrl, style: '' })),
    visitor().send('/no-such-path'),
  ]);
  return { tally, generations, uploadsAccepted };
}
