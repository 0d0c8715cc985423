/** Reading jobs and their images as resources, and what an unknown one answers. */
import type { McpError } from '@modelcontextprotocol/sdk/types.js';
import { type FakeService, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectInMemory } from '../../test/support/connect.js';
import { RESOURCE_NOT_FOUND } from './not-found.js';

describe('resources', () => {
  let service: FakeService;
  let mcp: Connected;
  let images: { url: string; resource_uri: string }[];
  beforeAll(async () => {
    service = await startFakeService({ imagesPerJob: 2 });
    mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url });
    const result = await mcp.client.callTool({
      name: 'restyle',
      arguments: { image_url: 'https://example.com/a.jpg', style: 'modern', previews: false },
    });
    images = (result.structuredContent as { images: typeof images }).images;
  });
  afterAll(async () => {
    await mcp.close();
    await service.close();
  });

  const readError = (uri: string) =>
    mcp.client.readResource({ uri }).then(
      () => undefined,
      (error: unknown) => error as McpError,
    );

  it('serves each result image as a blob at the resource_uri the result gives', async () => {
    expect(images.map((i) => i.resource_uri)).toEqual([
      'room-restyler://prediction/job_1/output/1',
      'room-restyler://prediction/job_1/output/2',
    ]);
    const read = await mcp.client.readResource({ uri: images[1]?.resource_uri ?? '' });
    const content = read.contents[0] as { mimeType: string; blob: string };
    expect(content.mimeType).toBe('image/png');
    const served = Buffer.from(await (await fetch(images[1]?.url ?? '')).arrayBuffer());
    expect(Buffer.from(content.blob, 'base64')).toEqual(served);
  });

  it('answers −32002 (resource not found) for an unknown job, image or address, not invalid params', async () => {
    for (const uri of [
      'prediction://nope',
      'room-restyler://prediction/nope/output/1',
      'room-restyler://prediction/job_1/output/3',
      'room-restyler://nothing/here',
      'https://example.com/x',
    ]) {
      const error = await readError(uri);
      expect(error?.code, uri).toBe(RESOURCE_NOT_FOUND);
    }
    expect((await readError('prediction://nope'))?.message).toMatch(/no prediction with that id/);
  });
});
