/**
 * The bin's code cache, as a desktop client's repeated starts meet it: the first start writes the
 * compiled server to the user's cache folder as it exits, the next uses it as it is (V8 accepted it,
 * or the bin would write it again), a damaged file is replaced, and NODE_DISABLE_COMPILE_CACHE writes none.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_BIN } from './support/spawn.js';

const run = promisify(execFile);
const version = (cacheHome: string, extra: Record<string, string> = {}) =>
  run(process.execPath, [BUILT_BIN, '--version'], { env: { ...process.env, XDG_CACHE_HOME: cacheHome, ...extra } });

describe('the code cache of room-restyler-mcp', () => {
  const homes: string[] = [];
  const cacheHome = async () => {
    const home = await mkdtemp(join(tmpdir(), 'room-mcp-cache-'));
    homes.push(home);
    return home;
  };
  afterEach(async () => {
    await Promise.all(homes.splice(0).map((home) => rm(home, { recursive: true, force: true })));
  });

  it('is written by the first start, in a folder only the user can read, and used as it is by the next', async () => {
    const home = await cacheHome();
    const folder = join(home, 'room-restyler-mcp');
    expect((await version(home)).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const [file, ...others] = await readdir(folder);
    expect(others).toEqual([]);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    const cache = join(folder, file ?? '');
    expect((await readFile(cache)).length).toBeGreaterThan(100_000);
    const written = await stat(cache);

    // A cache V8 refused would be written again (a new file renamed over it): the same file means it was used.
    expect((await version(home)).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect((await stat(cache)).ino).toBe(written.ino);
  });

  it('replaces a damaged cache and still starts', async () => {
    const home = await cacheHome();
    await version(home);
    const folder = join(home, 'room-restyler-mcp');
    const [file] = await readdir(folder);
    const cache = join(folder, file ?? '');
    await writeFile(cache, Buffer.alloc(4096, 7));
    const damaged = await stat(cache);
    expect((await version(home)).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect((await stat(cache)).ino).not.toBe(damaged.ino);
    expect((await readFile(cache)).length).toBeGreaterThan(100_000);
  });

  it('writes nothing with NODE_DISABLE_COMPILE_CACHE', async () => {
    const home = await cacheHome();
    expect((await version(home, { NODE_DISABLE_COMPILE_CACHE: '1' })).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(await readdir(home)).toEqual([]);
  });
});
