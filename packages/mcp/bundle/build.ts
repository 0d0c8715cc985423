/**
 * `pnpm --filter @room-restyler/mcp bundle` → `room-restyler-<version>.mcpb` in this package's folder
 * (not committed): the packed packages installed with npm as a user would get them, plus the
 * generated manifest, validated and packed by `mcpb`. Run `pnpm build` first. The bundle holds
 * sharp's native binary for the platform it is built on, so build it on each platform it is for.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { bundleManifest, readPackageJson } from './manifest.js';

const run = promisify(execFile);
const here = fileURLToPath(new URL('..', import.meta.url));
const mcpb = join(here, 'node_modules/.bin/mcpb');

const pkg = await readPackageJson();
const work = await mkdtemp(join(tmpdir(), 'room-restyler-mcpb-'));
try {
  const tarballs = join(work, 'tarballs');
  const stage = join(work, 'bundle');
  await mkdir(stage, { recursive: true });
  // The workspace dependency is packed too: it is not taken from the registry.
  for (const dir of ['../core', '.']) await run('pnpm', ['pack', '--pack-destination', tarballs], { cwd: join(here, dir) });
  const dependencies = Object.fromEntries((await readdir(tarballs)).map((file) => [nameOf(file), `file:${join(tarballs, file)}`]));
  await writeFile(join(stage, 'package.json'), JSON.stringify({ name: 'room-restyler-mcpb', private: true, dependencies }, null, 2));
  await run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: stage });
  // What only the install needed stays out of the bundle.
  await rm(join(stage, 'package-lock.json'));
  await writeFile(join(stage, 'package.json'), JSON.stringify({ name: 'room-restyler-mcpb', private: true, type: 'module' }, null, 2));
  await writeFile(join(stage, 'manifest.json'), `${JSON.stringify(await bundleManifest(), null, 2)}\n`);
  await run(mcpb, ['validate', join(stage, 'manifest.json')]);
  const output = join(here, `room-restyler-${pkg.version}.mcpb`);
  await run(mcpb, ['pack', stage, output]);
  process.stdout.write(`${output}\n`);
} finally {
  await rm(work, { recursive: true, force: true });
}

/** `room-restyler-core-0.1.0.tgz` → `@room-restyler/core`. */
function nameOf(tarball: string): string {
  const match = /^room-restyler-([a-z-]+?)-\d+\.\d+\.\d+.*\.tgz$/.exec(tarball);
  if (!match) throw new Error(`unexpected tarball name ${tarball}`);
  return `@room-restyler/${match[1]}`;
}
