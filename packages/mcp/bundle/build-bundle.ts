/**
 * The `.mcpb` (Claude Desktop's one-click bundle): only what the bin loads. The bin is one bundled
 * file, so the bundle holds it, the MCP App page, package.json (its version) and sharp — sharp's
 * WebAssembly build, which runs on every platform the manifest declares, where a native binary
 * would run only on the platform the bundle was built on.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { bundleManifest, ENTRY_POINT, readPackageJson } from './manifest.js';

const run = promisify(execFile);
const here = fileURLToPath(new URL('..', import.meta.url));
const mcpb = join(here, 'node_modules/.bin/mcpb');

/** Builds `room-restyler-<version>.mcpb` into `outDir` (run `pnpm build` first); returns its path. */
export async function buildBundle(outDir: string): Promise<string> {
  const pkg = await readPackageJson();
  const stage = await mkdtemp(join(tmpdir(), 'room-restyler-mcpb-'));
  try {
    const sharp = JSON.parse(await readFile(createRequire(join(here, 'package.json')).resolve('sharp/package.json'), 'utf8')) as {
      version: string;
    };
    await writeFile(join(stage, 'package.json'), JSON.stringify({ private: true, dependencies: { sharp: sharp.version } }));
    await run('npm', ['install', '--cpu=wasm32', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: stage });
    await rm(join(stage, 'package-lock.json'));
    await writeFile(join(stage, 'package.json'), JSON.stringify({ name: 'room-restyler-mcpb', private: true, type: 'module' }, null, 2));

    const bin = join(stage, ENTRY_POINT);
    await mkdir(dirname(bin), { recursive: true });
    // The launcher and the server it runs through V8's code cache.
    await cp(join(here, 'dist/room-restyler-mcp.js'), bin);
    await cp(join(here, 'dist/room-restyler-mcp.cjs'), join(dirname(bin), 'room-restyler-mcp.cjs'));
    await cp(join(here, 'dist/app'), join(dirname(bin), 'app'), { recursive: true });
    for (const file of ['package.json', 'README.md', 'LICENSE']) await cp(join(here, file), join(dirname(bin), '..', file));

    await writeFile(join(stage, 'manifest.json'), `${JSON.stringify(await bundleManifest(), null, 2)}\n`);
    await run(mcpb, ['validate', join(stage, 'manifest.json')]);
    const output = join(outDir, `room-restyler-${pkg.version}.mcpb`);
    await run(mcpb, ['pack', stage, output]);
    return output;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}
