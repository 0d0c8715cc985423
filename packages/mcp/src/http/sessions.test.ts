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

  it('keeps the server disk out of reach by default: no file argument or tool offered, none used, nothing charged', async () => {
    const client = await connect('off');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).not.toContain('save_images');
    for (const tool of tools) {
      expect(Object.keys(tool.inputSchema.properties ?? {}), tool.name).not.toContain('image_path');
      expect(Object.keys(tool.inputSchema.properties ?? {}), tool.name).not.toContain('save_dir');
      expect(JSON.stringify([tool.description, tool.inputSchema]), tool.name).not.toMatch(
        /image_path|save_dir|save_images|on this computer/,
      );
    }
    const read = await client.callTool({ name: 'enhance', arguments: { image_path: join(dir, 'outside', 'secret.jpg') } });
    expect(textOf(read)).toMatch(/does not read or write local files for remote callers/);
    const write = await client.callTool(restyle({ save_dir: join(dir, 'outside', 'new') }));
    expect(textOf(write)).toMatch(/does not read or write local files for remote callers/);
    expect(await readdir(join(dir, 'outside'))).toEqual(['secret.jpg']);
    expect(service.count('/api/v1/restyle')).toBe(0);
  });

  it('with a files root, confines paths to it by real path (no .., no symlink out), and never shows where it lies', async () => {
    const client = await connect({ root: join(dir, 'root') });
    const { tools } = await client.listTools();
    const restyleTool = tools.find((tool) => tool.name === 'restyle');
    expect(JSON.stringify(restyleTool?.inputSchema)).toMatch(/in the server's shared folder, as a path relative to it/);
    expect(JSON.stringify(tools)).not.toMatch(/on this computer|absolute path/);
    // A folder argument's example is a folder: a photo's file name there reads as a folder to create.
    const folders = tools.flatMap((tool) => {
      const { save_dir, folder } = (tool.inputSchema.properties ?? {}) as Record<string, { description?: string }>;
      return [save_dir?.description, folder?.description, folder && tool.description].filter((text) => text !== undefined);
    });
    expect(folders.filter((text) => text.includes('(e.g. listing-12/staged)')).length).toBeGreaterThan(2);
    for (const text of folders) expect(text).not.toMatch(/\.jpg/);
    for (const image_path of ['../outside/secret.jpg', 'link.jpg', join(dir, 'outside', 'secret.jpg')]) {
      const result = await client.callTool({ name: 'enhance', arguments: { image_path } });
      expect(textOf(result)).toMatch(/is outside the folder this server shares/);
      expect(textOf(result)).not.toContain(join(dir, 'root'));
    }
    const outOfRoot = await client.callTool(restyle({ save_dir: '../outside/new' }));
    expect(textOf(outOfRoot)).toMatch(/is outside the folder this server shares/);
    expect(service.count('/api/v1/restyle')).toBe(0);

    const saved = await client.callTool(restyle({ save_dir: 'results' }));
    const { images } = saved.structuredContent as { images: { saved_path?: string }[] };
    expect(images[0]?.saved_path).toMatch(/^results\/restyle-modern-job-1-1\.png$/);
    expect(JSON.stringify(saved)).not.toContain(join(dir, 'root'));
    expect(JSON.stringify(saved)).not.toContain('file://');
  });

  it('save_images is not offered to HTTP callers by default, and saves under the files root (its default folder) with one', async () => {
    const off = await connect('off');
    await off.callTool(restyle({}));
    const refused = await off.callTool({ name: 'save_images', arguments: { id: 'job_1' } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/save_images not found/);
    await service.close();

    const rooted = await connect({ root: join(dir, 'root') });
    await rooted.callTool(restyle({}));
    const saved = await rooted.callTool({ name: 'save_images', arguments: { id: 'job_1' } });
    const { saved: files } = saved.structuredContent as { saved: { path: string; resource_uri: string; file_uri?: string }[] };
    // The job of this session is named as the generation named it; the path is relative to the shared folder.
    expect(files).toEqual([
      { url: expect.any(String), path: 'restyle-modern-job-1-1.png', resource_uri: 'room-restyler://prediction/job_1/output/1' },
    ]);
    expect(await readdir(join(dir, 'root'))).toContain('restyle-modern-job-1-1.png');
    expect(JSON.stringify(saved)).not.toContain(join(dir, 'root'));
    expect(JSON.stringify(saved)).not.toContain('file://');
  });
});
