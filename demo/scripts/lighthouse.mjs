// `pnpm --filter @room-restyler/demo bench` (run by the root `pnpm bench`): Lighthouse, mobile, on
// the demo as `pnpm start` serves it (the production build), in the machine's Chromium with
// nothing that calls out. Three runs; the median of each score. Prints the Markdown section on
// stdout, progress on stderr.
//
// Lighthouse needs Node >= 22.19, newer than the kit's own (>= 20.19): it is not installed with the
// workspace (whose install would warn on Node 20) but run here through npx with the `node` npm
// package's binary (node@22) first on PATH, as the MCP conformance script does. Needs npm and the
// registry (or npx's cache) on the first run.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, chromiumPath } from '@room-restyler/test-kit/system';

const LIGHTHOUSE = 'lighthouse@13.5.0';

const RUNS = 3;
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 95 };
const METRICS = {
  'first-contentful-paint': 'First Contentful Paint',
  'largest-contentful-paint': 'Largest Contentful Paint',
  'total-blocking-time': 'Total Blocking Time',
  'cumulative-layout-shift': 'Cumulative Layout Shift',
  'speed-index': 'Speed Index',
};

/** One Lighthouse run on `url` in the Chromium listening on `port`: its report (the LHR). */
function lighthouse(url, port, categories) {
  const args = ['-y', '-p', 'node@22', '-p', LIGHTHOUSE, 'lighthouse', url, `--port=${port}`];
  args.push('--output=json', '--output-path=stdout', '--quiet', `--only-categories=${categories.join(',')}`);
  return new Promise((resolve, reject) =>
    execFile('npx', args, { maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) =>
      error
        ? reject(new Error(`${LIGHTHOUSE} (npx -p node@22) failed: ${stderr.slice(-500) || error.message}`))
        : resolve(JSON.parse(stdout)),
    ),
  );
}

/** Starts a program and resolves with the first match of `pattern` in its output. */
function started(command, args, options, stream, pattern) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const found = new Promise((resolve, reject) => {
    let seen = '';
    child[stream].on('data', (chunk) => {
      seen += chunk;
      const match = pattern.exec(seen);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code}: ${seen.slice(-500)}`)));
  });
  return { child, found };
}

const demo = started(
  process.execPath,
  ['server.mjs'],
  { cwd: fileURLToPath(new URL('..', import.meta.url)), env: { ...process.env, PORT: '0' } },
  'stdout',
  /listening on (\S+)/,
);
const profile = await mkdtemp(join(tmpdir(), 'lighthouse-'));
const chrome = started(
  chromiumPath(),
  [
    ...CHROMIUM_ARGS,
    '--headless=new',
    '--remote-debugging-port=0',
    `--user-data-dir=${profile}`,
    '--disable-default-apps',
    '--disable-extensions',
    '--disable-domain-reliability',
    '--metrics-recording-only',
    '--no-pings',
    'about:blank',
  ],
  {},
  'stderr',
  /DevTools listening on ws:\/\/[^:]+:(\d+)\//,
);

try {
  const [url, port] = await Promise.all([demo.found, chrome.found]);
  console.error(`${LIGHTHOUSE} (Node 22 via npx -p node@22) on ${url} (Chromium debugging port ${port})`);
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const { categories, audits } = await lighthouse(url, port, Object.keys(TARGETS));
    runs.push({ categories, audits });
    console.error(
      `run ${i + 1}: ${Object.keys(TARGETS)
        .map((c) => `${c} ${Math.round(categories[c].score * 100)}`)
        .join(', ')}`,
    );
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const lines = Object.entries(TARGETS).map(([id, target]) => {
    const scores = runs.map((r) => Math.round(r.categories[id].score * 100));
    const score = median([...scores]);
    return `| ${runs[0].categories[id].title} | ${score} | ${scores.join(', ')} | ≥ ${target} | ${score >= target ? 'met' : 'NOT MET'} |`;
  });
  const metrics = Object.entries(METRICS).map(([id, title]) => {
    const values = runs.map((r) => r.audits[id].numericValue);
    const value = median([...values]);
    return `| ${title} | ${id === 'cumulative-layout-shift' ? value.toFixed(3) : `${(value / 1000).toFixed(2)} s`} |`;
  });
  const failing = runs[0].audits;
  const notes = Object.values(failing)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => `- ${a.title}`);
  console.log(`## Demo page (Lighthouse)

\`pnpm --filter @room-restyler/demo bench\` — Lighthouse ${runs.length} runs, mobile (its default: Moto G Power emulation, simulated slow 4G and 4× CPU slowdown), on the demo as \`pnpm start\` serves it (production build, brotli), headless Chromium with no network access beyond the page. Scores are the median run.

| Category | Score | Runs | Target | |
|---|---|---|---|---|
${lines.join('\n')}

| Metric (median run) | Value |
|---|---|
${metrics.join('\n')}
${notes.length ? `\nAudits not passed in the first run:\n${notes.join('\n')}\n` : ''}`);
} finally {
  chrome.child.kill('SIGTERM');
  demo.child.kill('SIGTERM');
  await new Promise((r) => chrome.child.once('exit', r));
  await rm(profile, { recursive: true, force: true });
}
