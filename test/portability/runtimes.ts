/**
 * The runtimes the smoke suite runs on, each started from the packages the workspace installs
 * (the `deno` and `miniflare` npm packages ship their binaries; Chromium is the machine's). A
 * runtime that cannot start throws an error that says which and why: the suite fails, it is
 * never skipped.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, chromiumPath } from '@room-restyler/test-kit/system';
import { Miniflare } from 'miniflare';
import { chromium } from 'playwright-core';
import { bundleSmoke } from './bundle-smoke.js';
import type { SmokeReport, SmokeTarget } from './smoke.js';

export interface RuntimeRun {
  /** The runtime and its version, as the report prints it. */
  version: string;
  report: SmokeReport;
}

export interface Runtime {
  name: string;
  run(target: SmokeTarget): Promise<RuntimeRun>;
}

const require = createRequire(import.meta.url);
/** Longer than any healthy run on a loaded machine; a hung runtime fails instead of holding the suite. */
export const RUN_LIMIT_MS = 90_000;

/** The Deno binary the `deno` package ships (its own lookup: the platform package it depends on). */
function denoBinary(): string {
  const { runInstall } = require('deno/install_api.cjs') as { runInstall(): string };
  return runInstall();
}

/** workerd as miniflare runs it: its version and the newest compatibility date it supports. */
function workerdRelease(): { version: string; compatibilityDate: string } {
  return createRequire(require.resolve('miniflare'))('workerd') as { version: string; compatibilityDate: string };
}

/** Runs the process host of the suite with `command`, in a scratch directory, and reads its report from stdout. */
async function inProcess(command: string, args: (file: string) => string[], target: SmokeTarget, env = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'portability-'));
  try {
    const file = join(dir, 'smoke.mjs');
    await writeFile(file, await bundleSmoke('process'));
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        command,
        [...args(file), JSON.stringify(target)],
        { cwd: dir, env: { PATH: process.env.PATH, HOME: dir, ...env }, timeout: RUN_LIMIT_MS },
        (error, out, err) =>
          error ? reject(new Error(`${error.message.split('\n')[0]}${err.trim() ? `; stderr: ${err.trim()}` : ''}`)) : resolve(out),
      );
    });
    return JSON.parse(stdout) as SmokeReport;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const RUNTIMES: Runtime[] = [
  {
    name: 'Node',
    async run(target) {
      const report = await inProcess(process.execPath, (file) => [file], target);
      return { version: `Node ${process.version}`, report };
    },
  },
  {
    name: 'Chromium',
    async run(target) {
      const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, timeout: RUN_LIMIT_MS });
      try {
        const page = await browser.newPage();
        // A page of the simulator's own origin: the client's calls are same-origin, as behind a site's proxy.
        await page.goto(`${target.baseUrl}/__simulator/stats`);
        await page.addScriptTag({ content: await bundleSmoke('page') });
        const report = await page.evaluate(
          (t) => (globalThis as unknown as { portability: { runSmoke(t: SmokeTarget): Promise<SmokeReport> } }).portability.runSmoke(t),
          target,
        );
        return { version: `Chromium ${browser.version()}`, report };
      } finally {
        await browser.close();
      }
    },
  },
  {
    name: 'Deno',
    async run(target) {
      const binary = denoBinary();
      const report = await inProcess(
        binary,
        (file) => ['run', '--no-config', '--no-lock', '--no-prompt', '--allow-net=127.0.0.1', file],
        target,
        // No update check (no network but loopback here); its cache in the scratch directory.
        { DENO_NO_UPDATE_CHECK: '1', DENO_DIR: '.deno' },
      );
      return { version: report.userAgent.replace('/', ' '), report };
    },
  },
  {
    name: 'workerd',
    async run(target) {
      const { version, compatibilityDate } = workerdRelease();
      // `cf: false`: miniflare would otherwise fetch a `Request.cf` sample from the internet.
      const worker = new Miniflare({ modules: true, script: await bundleSmoke('worker'), compatibilityDate, cf: false });
      try {
        const response = await worker.dispatchFetch('http://worker.test/', {
          method: 'POST',
          body: JSON.stringify(target),
          signal: AbortSignal.timeout(RUN_LIMIT_MS),
        });
        if (!response.ok) throw new Error(`the worker answered HTTP ${response.status}: ${await response.text()}`);
        return { version: `workerd ${version} (miniflare)`, report: (await response.json()) as SmokeReport };
      } finally {
        await worker.dispose();
      }
    },
  },
];
