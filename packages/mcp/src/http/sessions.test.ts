/** What sessions give HTTP callers (cancellation) and what they must not get (the server's disk). */
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type FakeService, startFakeService, TEST_API_KEY, waitFor } from '@room-restyler/test-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FAST_SCHEDULE } from '../../test/support/connect.js';
import type { FileAccess } from '../files/file-access.js';
import { createRoomMcpServer } from '../server.js';
import { type RunningHttpServer, startHttpServer } from './http-server.js';

describe('Streamable HTTP sessions', () => {
  let service: FakeService;
  let dir: string;
  const running: RunningHttpServer[] = [];
  const clients: Client[] = [];
  const logs: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'room-mcp-http-'));
    await mkdir(join(dir, 'root'));
    await mkdir(join(dir, 'outside'));
    await writeFile(join(dir, 'outside', 'secret.jpg'), 'not for remote callers');
    await symlink(join(dir, 'outside', 'secret.jpg'), join(dir, 'root', 'link.jpg'));
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await Promise.all(running.splice(0).map((server) => server.close()));
    await service.close();
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function connect(files: FileAccess | undefined, readsToComplete: number | 'manual' = 2): Promise<Client> {
    service = await startFakeService({ readsToComplete });
    const server = await startHttpServer({
      port: 0,
      createServer: () =>
        createRoomMcpServer({ apiKey: TEST_API_KEY, baseUrl: service.url, pollSchedule: FAST_SCHEDULE, files, log: (l) => logs.push(l) }),
    });
    running.push(server);
    const client = new Client({ name: 'http-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    clients.push(client);
    return client;
  }
  const restyle = (more: Record<string, unknown>) => ({
    name: 'restyle',
    arguments: { image_url: 'https://example.com/a.jpg', style: 'modern', previews: false, ...more },
  });
  const textOf = (result: Record<string, unknown>) => (result.content as { text: string }[])[0]?.text ?? '';

  it('cancelling a call stops the server from following the job', async () => {
    const client = await connect('off', 'manual');
    const controller = new AbortController();
    const call = client.callTool(restyle({ wait_seconds: 55 }), undefined, { signal: controller.signal });
    await waitFor(() => service.count('/api/v1/prediction/', 'GET') > 0, 'the job to be followed');
    controller.abort();
    await expect(call).rejects.toThrow();
    await waitFor(() => logs.some((l) => /cancelled by the client; job \S+ keeps running/.test(l)), 'the server to stop');
  });

  it('keeps the server disk out of reach by default: no reading, no writing, nothing charged', async () => {
    const client = await connect('off');
    const read = await client.callTool({ name: 'enhance', arguments: { image_path: join(dir, 'outside', 'secret.jpg') } });
    expect(textOf(read)).toMatch(/does not read or write local files for remote callers/);
    const write = await client.callTool(restyle({ save_dir: join(dir, 'outside', 'new') }));
    expect(textOf(write)).toMatch(/does not read or write local files for remote callers/);
    expect(await readdir(join(dir, 'outside'))).toEqual(['secret.jpg']);
    expect(service.count('/api/v1/restyle')).toBe(0);
  });

  it('with a files root, confines paths to it by real path (no .., no symlink out)', async () => {
    const client = await connect({ root: join(dir, 'root') });
    for (const image_path of ['../outside/secret.jpg', 'link.jpg', join(dir, 'outside', 'secret.jpg')]) {
      const result = await client.callTool({ name: 'enhance', arguments: { image_path } });
      expect(textOf(result)).toMatch(/is outside the folder this server may use/);
    }
    const outOfRoot = await client.callTool(restyle({ save_dir: '../outside/new' }));
    expect(textOf(outOfRoot)).toMatch(/is outside the folder this server may use/);
    expect(service.count('/api/v1/restyle')).toBe(0);

    const saved = await client.callTool(restyle({ save_dir: 'results' }));
    const { images } = saved.structuredContent as { images: { saved_path?: string }[] };
    expect(images[0]?.saved_path?.startsWith(join(dir, 'root', 'results'))).toBe(true);
  });

  it('save_images writes nothing for HTTP callers by default, and under the files root (its default folder) with one', async () => {
    const off = await connect('off');
    await off.callTool(restyle({}));
    const refused = await off.callTool({ name: 'save_images', arguments: { id: 'job_1' } });
    expect(textOf(refused)).toMatch(/does not read or write local files for remote callers/);
    await service.close();

    const rooted = await connect({ root: join(dir, 'root') });
    await rooted.callTool(restyle({}));
    const saved = await rooted.callTool({ name: 'save_images', arguments: { id: 'job_1' } });
    const { saved: files } = saved.structuredContent as { saved: { path: string; file_uri: string }[] };
    expect(files.map((f) => f.path)).toEqual([join(dir, 'root', 'prediction-job-1-1.png')]);
    expect((saved.content as { type: string; uri?: string }[]).filter((c) => c.type === 'resource_link').map((c) => c.uri)).toEqual([
      files[0]?.file_uri,
    ]);
    expect(files[0]?.file_uri).toMatch(/^file:\/\/\/.*prediction-job-1-1\.png$/);
  });
});
