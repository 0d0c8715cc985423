// `node when-stale.mjs --out FILE… --in PATH… -- COMMAND ARGS…`: runs the command only when an
// output is missing or a file under an input path is newer than the oldest output — so a build
// step whose sources did not change (the element's bundle, the MCP bin and app) costs nothing in
// `pnpm check` and `pnpm start`. A fresh clone (CI) has no outputs: everything is built.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const split = args.indexOf('--');
if (split < 0) throw new Error('usage: when-stale.mjs --out FILE… --in PATH… -- COMMAND ARGS…');
const valuesOf = (flag) => args.slice(0, split).flatMap((arg, i, all) => (all[i - 1] === flag ? [arg] : []));
const [command, ...commandArgs] = args.slice(split + 1);

/** Newest modification time under `path` (a file or a folder, node_modules skipped); 0 when absent. */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path)
    .filter((name) => name !== 'node_modules')
    .reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

const outputs = valuesOf('--out').map((path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0);
const oldestOutput = Math.min(...outputs);
const newestInput = Math.max(0, ...valuesOf('--in').map(newest));
if (oldestOutput > 0 && newestInput < oldestOutput) {
  console.error(`up to date: ${valuesOf('--out').join(', ')}`);
} else {
  const { status } = spawnSync(command, commandArgs, { stdio: 'inherit', shell: process.platform === 'win32' });
  process.exit(status ?? 1);
}
