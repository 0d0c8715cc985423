/** The service's other operations through `edit_photo`, `edit_objects` and `create_room`, as a client sees them. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ElicitRequestSchema, type Progress, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { GENERATION_OPERATIONS, type GenerationOperation, operationCredits } from '@room-restyler/core';
import { type AckShape, type FakeService, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectInMemory } from '../../test/support/connect.js';
import { connectedToFakeService } from '../../test/support/fake-service.js';
import { startUploadRoute, type UploadRoute } from '../../test/support/upload-route.js';

const PHOTO = 'https://example.com/house.jpg';
const MASK = 'https://example.com/mask.png';

/** A call of each operation other than enhance and restyle: its tool, the arguments given, and the body the service must get. */
const CALLS: Record<Exclude<GenerationOperation, 'enhance' | 'restyle'>, { tool: string; args: object; body: object }> = {
  clearSky: { tool: 'edit_photo', args: { image_url: PHOTO }, body: { image_url: PHOTO } },
  lighting: { tool: 'edit_photo', args: { image_url: PHOTO }, body: { image_url: PHOTO } },
  windowView: { tool: 'edit_photo', args: { image_url: PHOTO, view_type: 'ocean' }, body: { image_url: PHOTO, view_type: 'ocean' } },
  upscale: { tool: 'edit_photo', args: { image_url: PHOTO }, body: { image_url: PHOTO } },
  emptyRoom: { tool: 'edit_photo', args: { image_url: PHOTO }, body: { image_url: PHOTO } },
  edit: { tool: 'edit_objects', args: { image_url: PHOTO, prompt: 'a blue sofa' }, body: { image_url: PHOTO, prompt: 'a blue sofa' } },
  inpaint: {
    tool: 'edit_objects',
    args: { image_url: PHOTO, mask_url: MASK, prompt: 'a plant' },
    body: { image_url: PHOTO, mask_url: MASK, prompt: 'a plant' },
  },
  modify: {
    tool: 'edit_objects',
    args: { image_url: PHOTO, mask_url: MASK, prompt: 'oak floor' },
    body: { image_url: PHOTO, mask_url: MASK, prompt: 'oak floor' },
  },
  removeObjects: { tool: 'edit_objects', args: { image_url: PHOTO, objects: ['car'] }, body: { image_url: PHOTO, objects: ['car'] } },
  blurObjects: {
    tool: 'edit_objects',
    args: { image_url: PHOTO, objects: ['faces', 'license plates'] },
    body: { image_url: PHOTO, objects: ['faces', 'license plates'] },
  },
  sketchToImage: { tool: 'create_room', args: { image_url: PHOTO, style: 'japandi' }, body: { image_url: PHOTO, style: 'japandi' } },
  sketch: { tool: 'create_room', args: { image_url: PHOTO }, body: { image_url: PHOTO } },
  freestyle: { tool: 'create_room', args: { prompt: 'a sunny loft' }, body: { prompt: 'a sunny loft' } },
  generateFromText: {
    tool: 'create_room',
    args: { prompt: 'a loft', room_type: 'bedroom' },
    body: { prompt: 'a loft', room_type: 'bedroom' },
  },
  stage: {
    tool: 'create_room',
    args: { image_url: PHOTO, style: 'coastal', room_type: 'living-room' },
    body: { image_url: PHOTO, style: 'coastal', room_type: 'living-room' },
  },
};

type Structured = { request_id: string; done: boolean; images: unknown[]; inputs: Record<string, unknown>; error?: { code: string } };

describe.each<AckShape>(['generation', 'job'])('every operation, acknowledged in the %s shape', (ackShape) => {
  let service: FakeService;
  let mcp: Connected;
  beforeAll(async () => {
    service = await startFakeService({ ackShape, readsToComplete: 2 });
    mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url });
  });
  afterAll(async () => {
    await mcp.close();
    await service.close();
  });

  it.each(Object.entries(CALLS))('%s starts once through its tool and finishes with images and progress', async (operation, call) => {
    const progress: Progress[] = [];
    const before = service.jobs.size;
    const result = await mcp.client.callTool({ name: call.tool, arguments: { operation, ...call.args, previews: false } }, undefined, {
      onprogress: (p) => progress.push(p),
    });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const job = [...service.jobs.values()].at(-1);
    expect(service.jobs.size).toBe(before + 1);
    expect(job?.operation).toBe(operation);
    expect(job?.body).toEqual(call.body);
    const structured = result.structuredContent as Structured;
    expect(structured).toMatchObject({ request_id: job?.id, done: true, inputs: { operation, ...call.args } });
    expect(structured.images).toHaveLength(1);
    expect(progress.map((p) => p.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Starting/), expect.stringMatching(/^Generating/), expect.stringMatching(/^Done/)]),
    );
  });
});

describe('the operation tools as listed', () => {
  const { service, mcp } = connectedToFakeService();
  const listed = async () => new Map((await mcp().client.listTools()).tools.map((tool) => [tool.name, tool]));
  const operationsOf = (tool: Tool | undefined) => (tool?.inputSchema.properties?.operation as { enum: string[] } | undefined)?.enum ?? [];

  it('reach every generation operation of the spec, with honest annotations, their cost and an output schema', async () => {
    const tools = await listed();
    const reachable = [
      'enhance',
      'restyle',
      ...['edit_photo', 'edit_objects', 'create_room'].flatMap((name) => operationsOf(tools.get(name))),
    ];
    expect(reachable.sort()).toEqual([...GENERATION_OPERATIONS].sort());
    for (const name of ['edit_photo', 'edit_objects', 'create_room']) {
      const tool = tools.get(name);
      expect(tool?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true });
      const costs = new Set(operationsOf(tool).map((operation) => operationCredits[operation as GenerationOperation]));
      for (const cost of costs) expect(tool?.description).toContain(`${cost} credit`);
      expect(tool?.outputSchema?.required).toEqual(expect.arrayContaining(['request_id', 'status', 'done', 'images']));
      expect(tool?.execution).toEqual({ taskSupport: 'optional' });
    }
    const operation = tools.get('edit_objects')?.inputSchema.properties?.operation as { description: string };
    expect(operation.description).toContain('inpaint: repaint a marked area; needs a mask and prompt.');
    expect(Object.keys(tools.get('edit_objects')?.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['mask_url', 'mask_path']));
    expect(Object.keys(tools.get('edit_photo')?.inputSchema.properties ?? {})).not.toContain('mask_path');
  });

  it.each([
    ['edit_objects', { operation: 'inpaint', image_url: PHOTO, prompt: 'a plant' }, /mask_url is required/],
    ['edit_objects', { operation: 'blurObjects', image_url: PHOTO, objects: ['faces'], prompt: 'blur' }, /unknown field prompt/],
    ['edit_photo', { operation: 'windowView', image_url: PHOTO }, /view_type is required/],
    ['edit_photo', { operation: 'windowView', image_url: PHOTO, view_type: 'moon' }, /view_type/],
    ['edit_photo', { operation: 'enhance', image_url: PHOTO }, /operation/],
    ['edit_photo', { operation: 'clearSky' }, /A room photo is required/],
    ['create_room', { operation: 'freestyle', image_url: PHOTO, prompt: 'a loft' }, /unknown field image_url/],
    ['create_room', { operation: 'stage', image_url: PHOTO, style: 'japandi' }, /style must be one of modern/],
    ['create_room', { operation: 'generateFromText', prompt: ' ' }, /prompt/],
  ])('%s refuses %j as invalid_input, and nothing is started', async (name, args, message) => {
    const result = await mcp().client.callTool({ name, arguments: { ...args, previews: false } });
    expect(result.isError).toBe(true);
    const structured = result.structuredContent as Structured;
    expect(structured.error?.code).toBe('invalid_input');
    expect((result.content as { text: string }[])[0]?.text).toMatch(message);
    expect(service().jobs.size).toBe(0);
  });
});

describe('the operation tools spend like every paid tool', () => {
  it('asks to confirm past the limit, at the operation’s cost; a no starts nothing', async () => {
    const service = await startFakeService();
    const mcp = await connectInMemory(
      { apiKey: TEST_API_KEY, baseUrl: service.url, confirmCreditsAbove: 0 },
      { capabilities: { elicitation: {} } },
    );
    const asked: string[] = [];
    mcp.client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action: 'decline' };
    });
    const result = await mcp.client.callTool({ name: 'edit_photo', arguments: { operation: 'clearSky', image_url: PHOTO } });
    expect(asked).toEqual([expect.stringMatching(`^This generation costs ${operationCredits.clearSky} credit`)]);
    expect((result.structuredContent as Structured).error?.code).toBe('not_confirmed');
    expect(service.jobs.size).toBe(0);
    await mcp.close();
    await service.close();
  });
});

describe('a mask and a photo from local files', () => {
  let service: FakeService;
  let route: UploadRoute;
  let dir: string;
  beforeAll(async () => {
    service = await startFakeService();
    route = await startUploadRoute({ apiKey: TEST_API_KEY, baseUrl: service.url });
    dir = await mkdtemp(join(tmpdir(), 'room-mcp-mask-'));
    const image = (format: 'png' | 'jpeg') =>
      sharp({ create: { width: 40, height: 30, channels: 3, background: '#ffffff' } })
        .toFormat(format)
        .toBuffer();
    await writeFile(join(dir, 'room.jpg'), await image('jpeg'));
    await writeFile(join(dir, 'mask.png'), await image('png'));
    await writeFile(join(dir, 'fake-mask.png'), await image('jpeg'));
  });
  afterAll(async () => {
    await route.close();
    await service.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('uploads both and inpaints the uploaded copies; a mask that is not a PNG by content is refused before anything starts', async () => {
    const mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url, uploadUrl: route.uploadUrl });
    const call = (mask: string) =>
      mcp.client.callTool({
        name: 'edit_objects',
        arguments: {
          operation: 'inpaint',
          image_path: join(dir, 'room.jpg'),
          mask_path: join(dir, mask),
          prompt: 'a plant',
          previews: false,
        },
      });
    const refused = await call('fake-mask.png');
    expect((refused.structuredContent as Structured).error?.code).toBe('invalid_input');
    expect((refused.content as { text: string }[])[0]?.text).toMatch(/mask_path .* is not a PNG image by its content/);
    expect(service.jobs.size).toBe(0);

    const result = await call('mask.png');
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const body = [...service.jobs.values()][0]?.body as { image_url: string; mask_url: string };
    expect(body.image_url.startsWith(route.proxy.url)).toBe(true);
    expect(body.mask_url.startsWith(route.proxy.url)).toBe(true);
    expect(body.mask_url).not.toBe(body.image_url);
    expect(result.structuredContent).toMatchObject({ done: true, input_image_url: body.image_url });
    await mcp.close();
  });
});
