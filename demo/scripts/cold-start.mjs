// `pnpm --filter @room-restyler/demo bench` (run by the root `pnpm bench`): the newcomer's first
// `pnpm start` — from no build output (every package's dist/ removed, as in a fresh clone after
// install) until the demo prints its URL — against the same start building every package first
// (`pnpm build`, what `pnpm start` did before), measured in the same run. The baseline runs last, so
// every package is built again afterwards. Prints the Markdown section on stdout, progress on stderr.
import { spawn } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TARGET_S = 60;
const START = 'pnpm start';
const BASELINE = 'pnpm build && pnpm --filter @room-restyler/demo start';

async function removeBuildOutput() {
  const packages = new URL('../../packages/', import.meta.url);
  for (const name of await readdir(packages)) await rm(new URL(`${name}/dist`, packages), { recursive: true, force: true });
}

/** Seconds from a cold tree to the demo's URL on stdout; the demo is stopped once it has printed it. */
async function coldStart(command) {
  await removeBuildOutput();
  const startedAt = performance.now();
  // Its own process group: pnpm's children (the builds, the demo server) are stopped with it.
  const child = spawn('sh', ['-c', command], {
    cwd: root,
    env: { ...process.env, PORT: '0' },
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    return await new Promise((resolve, reject) => {
      let seen = '';
      child.stdout.on('data', (chunk) => {
        seen += chunk;
        if (/demo listening on http/.test(seen)) resolve((performance.now() - startedAt) / 1000);
      });
      child.once('exit', (code) => reject(new Error(`\`${command}\` exited with ${code} before the demo listened: ${seen.slice(-500)}`)));
    });
  } finally {
    if (child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

const load = loadavg()[0].toFixed(1);
console.error(`cold start: ${START}`);
const start = await coldStart(START);
console.error(`cold start: ${start.toFixed(1)} s; baseline: ${BASELINE}`);
const baseline = await coldStart(BASELINE);
console.error(`baseline: ${baseline.toFixed(1)} s`);

console.log(`## Demo: the newcomer's cold \`pnpm start\`

\`pnpm --filter @room-restyler/demo bench\` (\`demo/scripts/cold-start.mjs\`): every \`packages/*/dist\` removed (a fresh clone after install), then the time until the demo prints its URL. \`pnpm start\` builds only what the demo runs (\`pnpm --filter-prod "@room-restyler/demo^..." run build\`: core, simulator, proxy, element); the baseline, measured in the same run, is the same start after building every package (\`${BASELINE}\`). Target: ≤ ${TARGET_S} s on this machine. Load average when it began: ${load} (other work on the machine slows both alike).

| command | until the demo's URL | vs baseline | target |
|---|---|---|---|
| \`${START}\` | ${start.toFixed(1)} s | ${(start / baseline).toFixed(2)}× (${((1 - start / baseline) * 100).toFixed(0)} % less) | ${start <= TARGET_S ? 'met' : 'NOT MET'} |
| \`${BASELINE}\` | ${baseline.toFixed(1)} s | 1.00× | |
`);
