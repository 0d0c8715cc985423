/**
 * The operator's view against the real thing: a real `prometheus` scrapes two proxy instances (each
 * with its own memory store: sharing state has its own tests) in front of the simulator while paid and refused traffic goes through them; PromQL
 * then agrees with the simulator's accounting and with what was sent. Then the operator page, in
 * Chromium: loaded with the token, axe-clean, on a phone and a desk, screenshotted.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '@room-restyler/proxy';
import { type ProxyServer, startProxyServer } from '@room-restyler/proxy/node';
import { type RunningSimulator, startSimulator } from '@room-restyler/simulator';
import { waitFor } from '@room-restyler/test-kit';
import { CHROMIUM_ARGS, chromiumPath, freePort, prometheus, SAFETY_TIMEOUT_MS } from '@room-restyler/test-kit/system';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const KEY = 'sim_operator_key';
const CREDITS = 1000;
const TOKEN = 'operator-token-0123456789abcdef';
const SECRET = 'operator-secret-0123456789abcdef';
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? tmpdir();

const binary = prometheus().path;
const title = binary
  ? 'a real Prometheus scraping two proxy instances'
  : `a real Prometheus scraping two proxy instances (SKIPPED: prometheus not found. ${prometheus().installHint}; or set PROMETHEUS_BIN)`;

describe.skipIf(!binary)(title, () => {
  let simulator: RunningSimulator;
  let proxies: ProxyServer[];
  let server: ChildProcess;
  let promUrl: string;
  let dir: string;

  beforeAll(async () => {
    simulator = await startSimulator({ port: 0, accounts: [{ apiKey: KEY, credits: CREDITS }], latencyMs: { min: 20, max: 50 } });
    const start = () =>
      startProxyServer({
        apiKey: KEY,
        baseUrl: simulator.url,
        secret: SECRET,
        port: 0,
        uploads: false,
        allowPrivateImageUrls: true,
        adminToken: TOKEN,
        limits: { perVisitor: 3, perIp: 1000, networkDailyShare: 1 },
        log: silentLogger,
      });
    proxies = [await start(), await start()];
    dir = await mkdtemp(join(tmpdir(), 'room-prometheus-'));
    await writeFile(join(dir, 'token'), TOKEN);
    const targets = proxies.map((proxy) => `'127.0.0.1:${proxy.port}'`).join(', ');
    await writeFile(
      join(dir, 'prometheus.yml'),
      `global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: room-restyler-proxy\n    scrape_interval: 1s\n    authorization:\n      credentials_file: ${join(dir, 'token')}\n    static_configs:\n      - targets: [${targets}]\n`,
    );
    const port = await freePort();
    promUrl = `http://127.0.0.1:${port}`;
    server = spawn(
      binary as string,
      [
        `--config.file=${join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: 'ignore' },
    );
    const ready = () =>
      fetch(`${promUrl}/-/ready`).then(
        (r) => r.ok,
        () => false,
      );
    await waitFor(ready, 'prometheus to be ready', SAFETY_TIMEOUT_MS);
  });

  afterAll(async () => {
    server?.kill('SIGTERM');
    await Promise.all((proxies ?? []).map((proxy) => proxy.close()));
    await simulator?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A PromQL instant query: each result's labels and value. */
  async function query(promql: string): Promise<{ metric: Record<string, string>; value: number }[]> {
    const response = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(promql)}`);
    const body = (await response.json()) as { data: { result: { metric: Record<string, string>; value: [number, string] }[] } };
    return body.data.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
  }

  it('sums credits as the simulator charged them, and refusals by reason as they were sent', async () => {
    const sent = new Map<string, number>();
    /** A browser-like visitor of one instance: keeps its cookie; every refusal's code is tallied. */
    const visitor = (proxy: ProxyServer) => {
      let cookie: string | undefined;
      return async (path: string, body?: unknown): Promise<number> => {
        const response = await fetch(`${proxy.url}${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        cookie =
          response.headers
            .getSetCookie()
            .find((c) => c.startsWith('rr_visitor='))
            ?.split(';')[0] ?? cookie;
        const json = (await response.json()) as { code?: string };
        if (json.code) sent.set(json.code, (sent.get(json.code) ?? 0) + 1);
        return response.status;
      };
    };
    const image_url = `${simulator.url}/__simulator/samples/empty-room.jpg`;
    const restyle = { image_url, style: 'modern' };
    let paid = 0;
    for (const [i, proxy] of [...proxies, ...proxies].entries()) {
      const send = visitor(proxy);
      // The first POST sets the cookie (428); refused bodies and image URLs (before any limit is full); 3 paid, a 4th over the limit.
      await send('/api/v1/restyle', restyle);
      for (let n = 0; n <= i; n += 1) await send('/api/v1/restyle', { image_url, style: '' });
      await send('/api/v1/enhance', { image_url: 'http://photos.example.com:6379/room.jpg' });
      for (let n = 0; n < 4; n += 1) if ((await send('/api/v1/restyle', restyle)) === 200) paid += 1;
      await send('/no-such-path');
    }
    expect(paid).toBe(12);
    const charged = CREDITS - (simulator.stats().accounts[0]?.creditsRemaining ?? CREDITS);
    expect(charged).toBe(12);

    await expect.poll(async () => (await query('sum(room_restyler_credits_spent_total)'))[0]?.value).toBe(charged);
    const expected = Object.fromEntries([...sent].sort());
    await expect
      .poll(async () =>
        Object.fromEntries((await query('sum by (reason) (room_restyler_refusals_total)')).map((r) => [r.metric.reason, r.value]).sort()),
      )
      .toEqual(expected);
    expect(Object.keys(expected)).toEqual(expect.arrayContaining(['visitor_cookie_required', 'visitor_limit', 'bad_request', 'not_found']));
    expect((await query('sum(room_restyler_generations_total{outcome="started"})'))[0]?.value).toBe(12);
    expect((await query('count(up{job="room-restyler-proxy"} == 1)'))[0]?.value).toBe(2);
    // Each instance's own store counted its own 6 starts (with a shared store both would say 88).
    expect((await query('max(room_restyler_budget_left_credits)'))[0]?.value).toBe(100 - 6);
    expect((await query('min(room_restyler_store_up)'))[0]?.value).toBe(1);
  });

  it('shows the operator page after the run: token asked for, charts drawn, axe-clean on a phone and a desk', async () => {
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    try {
      for (const [name, viewport] of [
        ['phone', { width: 390, height: 844 }],
        ['desk', { width: 1280, height: 1000 }],
      ] as const) {
        // Bypassing the page's CSP lets axe be injected; the page's own scripts run as they would without it.
        const page = await browser.newPage({ viewport, bypassCSP: true });
        page.setDefaultTimeout(SAFETY_TIMEOUT_MS);
        const proxy = proxies[0] as ProxyServer;
        await page.goto(`${proxy.url}/admin`);
        await page.getByLabel('Admin token').fill(TOKEN);
        await page.getByRole('button', { name: 'Show' }).click();
        await page.waitForSelector('body[data-loaded="true"]');
        expect(page.url()).not.toContain(TOKEN);
        expect(await page.locator('#spent').textContent()).toBe('6 of 100');
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
