/**
 * Core runs wherever `fetch` runs, proven on its code rather than claimed from its text: every
 * entry bundles for a neutral platform (no Node built-in resolves there), and the client, run in a
 * realm that has only web-platform globals (no process, Buffer, require, setImmediate), starts a
 * job, waits for it, logs, runs middleware and fails with typed errors. (The smoke suite on real
 * runtimes — Node, Chromium, Deno, workerd — against the simulator is test/portability/.)
 */
import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { bundleSource } from '../bench/bundles.js';
import manifest from '../package.json' with { type: 'json' };
import type * as Core from '../src/index.js';

/** Each entry point of the package, as the source file its `dist` file is built from. */
const ENTRY_SOURCES = Object.entries(manifest.exports).flatMap(([entry, target]) =>
  typeof target === 'string' ? [] : [[entry, `./${target.import.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts')}`] as const],
);

const WEB_GLOBALS = {
  AbortController,
  AbortSignal,
  DOMException,
  Event,
  EventTarget,
  Headers,
  Request,
  Response,
  TextDecoder,
  TextEncoder,
  URL,
  URLSearchParams,
  clearTimeout,
  console,
  queueMicrotask,
  setTimeout,
  structuredClone,
  // A plain-http page's crypto: no randomUUID.
  crypto: { getRandomValues: <T extends ArrayBufferView>(bytes: T) => crypto.getRandomValues(bytes) },
};

async function webRealm(fetch: (url: string, init: RequestInit) => Promise<Response>): Promise<typeof Core> {
  const { code } = await bundleSource("export * from './index.ts';", { format: 'iife', platform: 'neutral' });
  const realm = createContext({ ...WEB_GLOBALS, fetch });
  expect(runInContext('typeof process + typeof Buffer + typeof require + typeof setImmediate', realm)).toBe(
    'undefinedundefinedundefinedundefined',
  );
  return runInContext(`${code};core`, realm);
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('portability', () => {
  it.each(ENTRY_SOURCES)('%s bundles with no Node built-in', async (_entry, source) => {
    const bundled = await bundleSource(`export * from '${source}';`, { platform: 'neutral' });
    expect(bundled.inputs.filter((input) => input.path.startsWith('node:'))).toEqual([]);
  });

  it('a Node built-in would fail that bundle', async () => {
    await expect(
      bundleSource("import { readFileSync } from 'node:fs'; export const read = readFileSync;", { platform: 'neutral' }),
    ).rejects.toThrow('node:fs');
  });

  it('the client starts, waits, logs, runs middleware and fails with typed errors on web globals alone', async () => {
    const seen: string[] = [];
    let reads = 0;
    const core = await webRealm(async (url, init) => {
      seen.push(`${init.method} ${new URL(url).pathname} ${new Headers(init.headers).get('idempotency-key') ?? ''}`.trim());
      if (url.endsWith('/me')) return json({ error: 'Invalid API key' }, 401);
      if (init.method === 'POST') return json({ success: true, request_id: 'p1', message: 'started' });
      reads++;
      return json(reads < 2 ? { status: 'processing' } : { status: 'succeeded', output: ['https://cdn.test/p1.jpg'], completed_at: 'now' });
    });
    const logged: string[] = [];
    const client = core.createRoomClient({
      baseUrl: 'https://rooms.test',
      apiKey: 'bs_live_secret',
      logger: { debug: (line) => logged.push(line), warn: (line) => logged.push(line) },
      middleware: [{ onResponse: ({ response }) => void seen.push(`middleware ${response.status}`) }],
      clock: { now: () => 0, sleep: async () => {} },
    });

    const result = await client.generate({ operation: 'restyle', image_url: 'https://example.com/r.jpg', style: 'coastal' });
    expect(result.output).toEqual(['https://cdn.test/p1.jpg']);
    expect(seen[0]).toMatch(/^POST \/api\/v1\/restyle [0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(seen.slice(1)).toEqual([
      'middleware 200',
      'GET /api/v1/prediction/p1',
      'middleware 200',
      'GET /api/v1/prediction/p1',
      'middleware 200',
    ]);
    expect(logged).toHaveLength(3);

    expect(await client.me().catch((e: unknown) => e)).toMatchObject({ name: 'InvalidApiKeyError', status: 401 });
    expect(await client.me({ signal: AbortSignal.abort() }).catch((e: unknown) => e)).toMatchObject({ name: 'AbortError' });
  });
});
