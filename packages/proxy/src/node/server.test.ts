/**
 * createRoomProxy of @room-restyler/proxy/node: the README's short Express snippet works as pasted —
 * the installed element's widget and disk uploads without any option; without sharp, one start-up
 * line says why uploads are off.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_API_KEY } from '@room-restyler/test-kit';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, startUpstream, TEST_SECRET, Visitor } from '../../test/support/harness.js';
import type { LogEntry } from '../log.js';
import { createRoomProxy as createPortableProxy, UPLOADS_OFF } from '../proxy.js';
import { toNodeHandler } from './handler.js';
import { createRoomProxy, nodeUploads, SHARP_MISSING } from './server.js';

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function serve(
  make: (base: { apiKey: string; baseUrl: string; secret: string; log: (e: LogEntry) => void }) => ReturnType<typeof createRoomProxy>,
) {
  const upstream = await startUpstream();
  const logs: LogEntry[] = [];
  const proxy = make({ apiKey: TEST_API_KEY, baseUrl: upstream.url, secret: TEST_SECRET, log: (entry) => logs.push(entry) });
  const server = await listen(toNodeHandler(proxy));
  closers.push(upstream.close, proxy.close, server.close);
  return { visitor: new Visitor(server.url), logs };
}

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#a0b0c0' } })
    .jpeg()
    .toBuffer();

describe('createRoomProxy on Node, with no option but the key and the service', () => {
  it('serves the installed element’s widget and takes uploads (disk + sharp), saying nothing is off', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'node-proxy-'));
    closers.push(async () => rmSync(dir, { recursive: true, force: true }));
    process.env.ROOM_PROXY_UPLOAD_DIR = dir;
    closers.push(async () => delete process.env.ROOM_PROXY_UPLOAD_DIR);
    const { visitor, logs } = await serve((base) => createRoomProxy(base));

    const script = await visitor.raw('/room-restyler.js');
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('room-restyler');

    const uploaded = await visitor.request('/api/v1/uploads', {
      method: 'POST',
      body: new Uint8Array(await photo()),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(uploaded.status).toBe(201);
    expect(logs.map((entry) => entry.msg)).not.toContain(SHARP_MISSING);
    expect(logs.map((entry) => entry.msg)).not.toContain(UPLOADS_OFF);
  });

  it('turns either off on request, without a warning', async () => {
    const { visitor, logs } = await serve((base) => createRoomProxy({ ...base, widget: false, uploads: false }));
    expect((await visitor.request('/room-restyler.js')).json).toMatchObject({ code: 'widget_unavailable' });
    expect((await visitor.request('/api/v1/uploads', { method: 'POST', body: 'x' })).status).toBe(404);
    expect(logs.filter((entry) => entry.level === 'warn').map((entry) => entry.msg)).not.toContain(UPLOADS_OFF);
  });

  it('without sharp installed, runs without uploads and says why in one line', () => {
    const logs: LogEntry[] = [];
    const missing = (specifier: string): string => {
      throw Object.assign(new Error(`Cannot find module '${specifier}'`), { code: 'MODULE_NOT_FOUND' });
    };
    expect(nodeUploads(undefined, (entry) => logs.push(entry), missing)).toBe(false);
    expect(logs).toEqual([{ level: 'warn', msg: SHARP_MISSING }]);
    expect(SHARP_MISSING).toContain('npm install sharp');
  });
});

it('the portable proxy (Hono, Next.js) says at start-up that uploads are off when it was given none', async () => {
  const { visitor, logs } = await serve((base) => createPortableProxy(base));
  expect(logs.filter((entry) => entry.msg === UPLOADS_OFF)).toHaveLength(1);
  expect((await visitor.request('/room-restyler.js')).status).toBe(404);
});
