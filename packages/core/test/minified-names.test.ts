/**
 * Error names survive minification: core bundled as a site's bundler ships it (esbuild,
 * `minify: true`), then imported and made to fail. A minifier renames classes, so a name taken from
 * the constructor would read "d" here and `err.name === 'AbortError'` checks would break.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundle } from '../bench/bundles.js';
import * as errors from '../src/errors.js';
import type * as Core from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'core-minified-'));
let core: typeof Core;
beforeAll(async () => {
  const file = join(dir, 'core.min.mjs');
  writeFileSync(file, (await bundle('root')).code);
  core = await import(/* @vite-ignore */ pathToFileURL(file).href);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type ErrorClass = new (message: string, init: object) => errors.RoomApiError;
const INIT = { timeoutMs: 1, predictionStatus: 'failed' };

/** Every error class core exports, by its exported name, with the code it has unminified. */
const ERROR_CLASSES = Object.entries(errors).flatMap(([name, value]) =>
  typeof value === 'function' && (value === errors.RoomApiError || value.prototype instanceof errors.RoomApiError)
    ? [[name as keyof typeof Core, new (value as ErrorClass)('m', INIT).code] as const]
    : [],
);

const answering = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'x-request-id': 'req_9' } });

describe('error names in a minified bundle', () => {
  it('the bundle is minified: its classes lost their own names', () => {
    expect(ERROR_CLASSES).toHaveLength(11);
    expect(core.InvalidApiKeyError.name).not.toBe('InvalidApiKeyError');
  });

  it.each(ERROR_CLASSES)('%s keeps its name and its code %s', (name, code) => {
    const error = new (core[name] as unknown as ErrorClass)('message', INIT);
    expect(error.name).toBe(name);
    expect(error.code).toBe(code);
    expect(String(error)).toBe(`${name}: message`);
  });

  it('a rejected key throws InvalidApiKeyError by that name, with status, request id and headers', async () => {
    const client = core.createRoomClient({
      baseUrl: 'https://rooms.test',
      apiKey: 'k',
      fetch: answering(401, { error: 'Invalid API key' }),
    });
    const error = await client.me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(core.InvalidApiKeyError);
    expect(error).toMatchObject({ name: 'InvalidApiKeyError', code: 'invalid_api_key', status: 401, requestId: 'req_9' });
    expect((error as Core.RoomApiError).headers?.get('x-request-id')).toBe('req_9');
  });

  it('an abort and a timeout throw AbortError and TimeoutError by those names', async () => {
    const never = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const client = core.createRoomClient({ baseUrl: 'https://rooms.test', fetch: never });
    expect(await client.me({ signal: AbortSignal.abort() }).catch((e: unknown) => e)).toMatchObject({ name: 'AbortError' });
    expect(await client.me({ timeoutMs: 10 }).catch((e: unknown) => e)).toMatchObject({ name: 'TimeoutError', timeoutMs: 10 });
  });
});
