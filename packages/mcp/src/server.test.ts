import { readFileSync } from 'node:fs';
import { type FakeService, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectInMemory } from '../test/support/connect.js';
import { TOOL_NAMES } from '../test/support/tool-names.js';

describe('the server as a client lists it', () => {
  let service: FakeService;
  let mcp: Connected;
  beforeAll(async () => {
    service = await startFakeService();
    mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url });
  });
  afterAll(async () => {
    await mcp.close();
    await service.close();
  });

  it('names itself and its release (package.json) in its answer to initialize', () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(mcp.client.getServerVersion()).toMatchObject({ name: 'room-restyler', version });
  });

  it('offers the tools with titles, credit-aware descriptions, schemas and honest annotations', async () => {
    const { tools } = await mcp.client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect([...byName.keys()].sort()).toEqual(TOOL_NAMES);

    for (const name of ['enhance', 'restyle']) {
      const tool = byName.get(name);
      expect(tool?.title).toBeTruthy();
      expect(tool?.description).toMatch(/1 credit/);
      expect(tool?.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false, openWorldHint: true });
      expect(Object.keys(tool?.inputSchema.properties ?? {})).toEqual(
        expect.arrayContaining(['image_url', 'image_path', 'style', 'room_type', 'wait_seconds', 'previews', 'save_dir']),
      );
      expect(tool?.outputSchema?.required).toEqual(expect.arrayContaining(['request_id', 'status', 'done', 'images']));
    }
    for (const name of ['prediction', 'me', 'recent_jobs']) {
      expect(byName.get(name)?.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true, openWorldHint: true });
      expect(byName.get(name)?.outputSchema).toBeDefined();
    }
    // Reading never writes: saving is its own tool, which writes new files on every call.
    expect(Object.keys(byName.get('prediction')?.inputSchema.properties ?? {})).not.toContain('save_dir');
    expect(byName.get('save_images')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });

    const restyle = byName.get('restyle');
    expect(restyle?.inputSchema.required).toEqual(['style']);
    const style = restyle?.inputSchema.properties?.style as { description: string; examples: string[] };
    expect(style.description).toContain('scandinavian');
    expect(style.description).toMatch(/passed to the service as is/);
    expect(style.examples.length).toBeGreaterThan(0);
    const wait = restyle?.inputSchema.properties?.wait_seconds as { default: number; maximum: number };
    expect(wait).toMatchObject({ default: 40, maximum: 55 });
    expect((byName.get('enhance')?.inputSchema.properties?.mode as { description: string } | undefined)?.description).toContain('staging');
  });

  it('serves the catalog of styles and room types', async () => {
    const { resources } = await mcp.client.listResources();
    expect(resources.map((r) => r.uri)).toContain('room-restyler://catalog');
    const read = await mcp.client.readResource({ uri: 'room-restyler://catalog' });
    const catalog = JSON.parse((read.contents[0] as { text: string }).text) as { styles: { id: string }[]; room_types: { id: string }[] };
    expect(catalog.styles.map((s) => s.id)).toContain('japandi');
    expect(catalog.room_types.map((r) => r.id)).toContain('living_room');
  });

  it('reads a prediction through the prediction://{id} template', async () => {
    const { resourceTemplates } = await mcp.client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toContain('prediction://{id}');
    await mcp.client.callTool({ name: 'restyle', arguments: { image_url: 'https://example.com/a.jpg', style: 'modern', previews: false } });
    const id = [...service.jobs.keys()][0] ?? '';
    const read = await mcp.client.readResource({ uri: `prediction://${id}` });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ status: 'succeeded' });
    await expect(mcp.client.readResource({ uri: 'prediction://nope' })).rejects.toThrow(/no prediction with that id/);
  });

  it('offers the stage-listing-photo prompt, with style completion', async () => {
    const { prompts } = await mcp.client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['stage-listing-photo']);
    const prompt = await mcp.client.getPrompt({
      name: 'stage-listing-photo',
      arguments: { photo: 'https://example.com/empty.jpg', style: 'coastal' },
    });
    const text = (prompt.messages[0]?.content as { text: string } | undefined)?.text;
    expect(text).toContain('`enhance` with image_url "https://example.com/empty.jpg", mode "staging", style "coastal"');
    expect(text).toContain('1 credit');
    const local = await mcp.client.getPrompt({ name: 'stage-listing-photo', arguments: { photo: '/home/me/room.jpg' } });
    expect((local.messages[0]?.content as { text: string } | undefined)?.text).toContain('image_path "/home/me/room.jpg"');

    const completion = await mcp.client.complete({
      ref: { type: 'ref/prompt', name: 'stage-listing-photo' },
      argument: { name: 'style', value: 'm' },
    });
    expect(completion.completion.values).toEqual(['modern', 'minimalist', 'mid_century_modern']);
  });
});
