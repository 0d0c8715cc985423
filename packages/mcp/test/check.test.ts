/** `room-restyler-mcp --check` as a user runs the built bin: one line per setting, the fix for what fails, exit 1 then. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningSimulator, startSimulator } from '@room-restyler/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUploadRoute, type UploadRoute } from './support/upload-route.js';

const CLI = fileURLToPath(new URL('../dist/room-restyler-mcp.js', import.meta.url));
const KEY = 'sim_check_key';
const TOKEN = 'upload-token-0123456789abcdef';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The bin with `args` and only these ROOM_* settings. */
function check(args: string[], env: Record<string, string>): Promise<Run> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('ROOM_')));
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, '--check', ...args], { env: { ...inherited, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}
const line = (stdout: string, label: string) => stdout.split('\n').find((text) => text.slice(2).startsWith(`${label} `)) ?? '';

describe('room-restyler-mcp --check', () => {
  let simulator: RunningSimulator;
  let route: UploadRoute;
  let service: Record<string, string>;
  let root: string;
  beforeAll(async () => {
    simulator = await startSimulator({ port: 0, accounts: [{ apiKey: KEY, credits: 412, subscription: 'Pro' }] });
    route = await startUploadRoute({ apiKey: KEY, baseUrl: simulator.url, uploadToken: TOKEN });
    service = { ROOM_API_KEY: KEY, ROOM_API_BASE_URL: simulator.url, ROOM_UPLOAD_URL: route.uploadUrl };
    root = await mkdtemp(join(tmpdir(), 'room-mcp-check-'));
  });
  afterAll(async () => {
    await route.close();
    await simulator.close();
    await rm(root, { recursive: true, force: true });
  });

  it('checks the service, the key, sharp, the upload route with its token and the files root, and exits 0', async () => {
    const { code, stdout } = await check(['--http', '--files-root', root], { ...service, ROOM_UPLOAD_TOKEN: TOKEN });
    expect(code).toBe(0);
    expect(line(stdout, 'base URL')).toBe(`✓ base URL   ${simulator.url} answers`);
    expect(line(stdout, 'key')).toBe('✓ key        accepted: plan Pro, 412 credits left');
    expect(line(stdout, 'sharp')).toMatch(/^✓ sharp +loaded: sharp \d+\.\d+/);
    expect(line(stdout, 'uploads')).toBe(`✓ uploads    ${route.uploadUrl} answers (ROOM_UPLOAD_TOKEN accepted)`);
    expect(line(stdout, 'files')).toBe(`✓ files      ${root}: callers read photos and save images here only`);
    expect(line(stdout, 'key share')).toBe(
      '✓ key share  0 recent jobs on the account; whose they are cannot be told here (the start ledger lives in the running server’s memory) — reconciling a lost start needs one API key per deployment',
    );
  });

  it('names a refused key, a refused upload token and a missing files root, never printing key or token', async () => {
    const wrongKey = 'bs_live_wrong_key_0123456789';
    const wrongToken = 'upload-token-0123456789abcdeX';
    const { code, stdout, stderr } = await check(['--http', '--files-root', join(root, 'missing')], {
      ...service,
      ROOM_API_KEY: wrongKey,
      ROOM_UPLOAD_TOKEN: wrongToken,
    });
    expect(code).toBe(1);
    expect(line(stdout, 'key')).toMatch(/^✗ key +refused — the service refused ROOM_API_KEY/);
    expect(line(stdout, 'uploads')).toBe(
      `✗ uploads    ${route.uploadUrl} refused ROOM_UPLOAD_TOKEN — set the same ROOM_UPLOAD_TOKEN on the proxy and here`,
    );
    expect(line(stdout, 'files')).toMatch(/^✗ files +.*missing is not a folder — create it or fix --files-root$/);
    expect(stdout + stderr).not.toContain(wrongKey);
    expect(stdout + stderr).not.toContain(wrongToken);
  });

  it('names a base URL that answers 404 and an upload URL that is not the route', async () => {
    const { code, stdout } = await check([], {
      ...service,
      ROOM_API_BASE_URL: `${simulator.url}/not-the-service`,
      ROOM_UPLOAD_URL: `${route.proxy.url}/uploads`,
    });
    expect(code).toBe(1);
    expect(line(stdout, 'base URL')).toMatch(/^✗ base URL .* answered 404 at \/api\/v1\/me — set ROOM_API_BASE_URL to the service origin/);
    expect(line(stdout, 'uploads')).toMatch(/^✗ uploads .*\/uploads answered 404 .* ROOM_UPLOAD_URL must name the route itself/);
    // Without --http there are no remote callers, so no files line.
    expect(line(stdout, 'files')).toBe('');
  });
});
