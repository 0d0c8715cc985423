import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { type FakeService, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Connected, connectInMemory } from '../../test/support/connect.js';

describe('restyle', () => {
  let service: FakeService;
  let mcp: Connected;
  beforeEach(async () => {
    service = await startFakeService({ readsToComplete: 2 });
    mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url });
  });
  afterEach(async () => {
    await mcp.close();
    await service.close();
  });

  it('starts the job, reports progress and returns the image as structured content, markdown, link and preview', async () => {
    const progress: Progress[] = [];
    const result = await mcp.client.callTool(
      { name: 'restyle', arguments: { image_url: 'https://example.com/room.jpg', style: 'japandi', room_type: 'living_room' } },
      undefined,
      { onprogress: (p) => progress.push(p) },
    );

    expect(result.isError).toBeFalsy();
    const job = [...service.jobs.values()][0];
    expect(job?.operation).toBe('restyle');
    expect(job?.body).toEqual({ image_url: 'https://example.com/room.jpg', style: 'japandi', room_type: 'living_room' });

    const structured = result.structuredContent as { request_id: string; done: boolean; status: string; images: { url: string }[] };
    expect(structured).toMatchObject({ request_id: job?.id, done: true, status: 'succeeded' });
    expect(structured.images).toHaveLength(1);
    const url = structured.images[0]?.url ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/outputs\//);

    const content = result.content as { type: string; text?: string; uri?: string; mimeType?: string; data?: string }[];
    expect(content[0]?.text).toContain(`![Result 1](${url})`);
    expect(content.filter((c) => c.type === 'resource_link').map((c) => c.uri)).toEqual([url]);
    const preview = content.find((c) => c.type === 'image');
    expect(preview?.mimeType).toBe('image/jpeg');
    expect(Buffer.from(preview?.data ?? '', 'base64').subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    expect(progress.map((p) => p.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Starting/),
        expect.stringMatching(/^Generating \(processing\)/),
        expect.stringMatching(/^Done/),
      ]),
    );
    const values = progress.map((p) => p.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(values.length);
  });

  it('sends no progress notifications when the client gave no progress token', async () => {
    const notifications: unknown[] = [];
    mcp.client.fallbackNotificationHandler = async (n) => void notifications.push(n);
    const result = await mcp.client.callTool({
      name: 'restyle',
      arguments: { image_url: 'https://example.com/room.jpg', style: 'modern', previews: false },
    });
    expect(result.isError).toBeFalsy();
    expect(notifications).toEqual([]);
    expect((result.content as { type: string }[]).some((c) => c.type === 'image')).toBe(false);
  });

  it('passes a free-text style to the service as is', async () => {
    const result = await mcp.client.callTool({
      name: 'restyle',
      arguments: { image_url: 'https://example.com/room.jpg', style: 'art deco', previews: false },
    });
    expect(result.isError).toBeFalsy();
    expect([...service.jobs.values()][0]?.body.style).toBe('art deco');
  });
});
