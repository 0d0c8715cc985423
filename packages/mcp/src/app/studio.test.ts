import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { type FakeService, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_HOST, type Connected, connectInMemory } from '../../test/support/connect.js';
import { TOOL_NAMES } from '../../test/support/tool-names.js';
import { RESOURCE_NOT_FOUND } from '../resources/not-found.js';

const STUDIO = 'ui://room-restyler/studio.html';

describe('the studio app', () => {
  let service: FakeService;
  const open: Connected[] = [];
  beforeAll(async () => {
    service = await startFakeService();
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()));
    await service.close();
  });
  const connect = async (capabilities = {}, options = {}) => {
    const mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url, ...options }, { capabilities });
    open.push(mcp);
    return mcp.client;
  };
  const byName = (tools: Tool[]) => new Map(tools.map((t) => [t.name, t]));

  it('is offered to a host that renders apps: the job tools name it, the upload tool is for the app only', async () => {
    const client = await connect(APP_HOST);
    const tools = byName((await client.listTools()).tools);
    expect([...tools.keys()].sort()).toEqual([...TOOL_NAMES, 'upload_photo'].sort());
    for (const name of ['enhance', 'restyle', 'edit_photo', 'edit_objects', 'create_room', 'prediction'])
      expect(tools.get(name)?._meta).toEqual({ ui: { resourceUri: STUDIO } });
    expect(tools.get('me')?._meta).toBeUndefined();
    expect(tools.get('upload_photo')?._meta).toEqual({ ui: { visibility: ['app'] } });
    expect(tools.get('upload_photo')?.annotations).toMatchObject({ readOnlyHint: false });

    const { resources } = await client.listResources();
    expect(resources.find((r) => r.uri === STUDIO)).toMatchObject({ name: 'studio', mimeType: 'text/html;profile=mcp-app' });
  });

  it('is one self-contained HTML file whose CSP names exactly the image origins: the service, extra result hosts, the upload route', async () => {
    const client = await connect(APP_HOST, {
      uploadUrl: 'http://127.0.0.1:8787/api/v1/uploads',
      imageOrigins: ['https://images.example.com/results', 'not a url'],
    });
    const { contents } = await client.readResource({ uri: STUDIO });
    expect(contents).toHaveLength(1);
    const [html] = contents;
    expect(html?.mimeType).toBe('text/html;profile=mcp-app');
    const origins = [new URL(service.url).origin, 'https://images.example.com', 'http://127.0.0.1:8787'];
    expect(html?._meta).toEqual({ ui: { csp: { resourceDomains: origins, connectDomains: origins }, prefersBorder: true } });
    const text = html && 'text' in html ? html.text : '';
    expect(text).toMatch(/^<!doctype html>/);
    expect(text).toContain('<room-restyler-studio>');
    // Nothing is loaded from anywhere: no script, style or image by URL.
    expect(text).not.toMatch(/<script[^>]+src=|<link[^>]+href=|<img[^>]+src="http/);
  });

  it('is not offered to a client without app support: the same tools, resources and metadata as without the app', async () => {
    const client = await connect();
    const tools = (await client.listTools()).tools;
    expect(tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
    expect(tools.map((t) => t._meta)).toEqual(TOOL_NAMES.map(() => undefined));
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).not.toContain(STUDIO);
    // As for any address it does not serve: −32002, resource not found.
    await expect(client.readResource({ uri: STUDIO })).rejects.toMatchObject({ code: RESOURCE_NOT_FOUND });
    const upload = await client.callTool({ name: 'upload_photo', arguments: { data: 'AAAA' } });
    expect(upload.isError).toBe(true);
  });

  it('gives a host with apps the same result content as one without: the app renders what every client gets', async () => {
    const call = async (capabilities: object) => {
      // A service of its own for each, so both jobs get the same id.
      const own = await startFakeService();
      const mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: own.url }, { capabilities });
      const { client } = mcp;
      const result = await client.callTool({ name: 'restyle', arguments: { image_url: 'https://example.com/room.jpg', style: 'japandi' } });
      const output = result.structuredContent as { request_id: string; images: { url: string }[] };
      await mcp.close();
      await own.close();
      // Only the service's address and the timing differ between the two jobs.
      const strip = (text: string) => text.replaceAll(own.url, 'SERVICE').replace(/after [\d.]+ s/, 'after N s');
      return JSON.parse(strip(JSON.stringify({ ...result, structuredContent: { ...output, elapsed_seconds: 0, completed_at: 'T' } })));
    };
    const plain = await call({});
    expect(plain.content.map((c: { type: string }) => c.type)).toEqual(['text', 'resource_link', 'image']);
    expect(await call(APP_HOST)).toEqual(plain);
  });
});
