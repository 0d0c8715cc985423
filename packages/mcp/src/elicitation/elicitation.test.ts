/** Asking the user (elicitation) through a real SDK client: missing choices, spending confirmation, and clients that cannot be asked. */
import { CreateTaskResultSchema, type ElicitRequest, ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { STYLES } from '@room-restyler/core';
import { type FakeService, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { type Connected, connectInMemory } from '../../test/support/connect.js';
import type { RoomMcpServerOptions } from '../options.js';

const photo = { image_url: 'https://example.com/room.jpg', previews: false };
const textOf = (result: Record<string, unknown>) => (result.content as { text?: string }[] | undefined)?.[0]?.text ?? '';

describe('elicitation', () => {
  let service: FakeService;
  let mcp: Connected;
  let asked: ElicitRequest['params'][];
  afterEach(async () => {
    await mcp.close();
    await service.close();
  });

  /** A client that can be asked, answering with `answer` (or one that cannot, when `answer` is undefined). */
  async function connect(answer: ((params: ElicitRequest['params']) => ElicitResult) | undefined, options: RoomMcpServerOptions = {}) {
    service = await startFakeService();
    asked = [];
    mcp = await connectInMemory(
      { apiKey: TEST_API_KEY, baseUrl: service.url, ...options },
      answer ? { capabilities: { elicitation: {} } } : undefined,
    );
    if (answer)
      mcp.client.setRequestHandler(ElicitRequestSchema, (request) => {
        asked.push(request.params);
        return answer(request.params);
      });
  }
  const schemaOf = (params: ElicitRequest['params'] | undefined) =>
    (params && 'requestedSchema' in params ? params.requestedSchema : undefined) as {
      properties: Record<string, { oneOf?: { const: string; title: string }[] }>;
      required?: string[];
    };

  it('asks for a missing style with a titled enum of the vocabulary, and restyles in the chosen one', async () => {
    await connect(() => ({ action: 'accept', content: { style: 'japandi' } }));
    const { tools } = await mcp.client.listTools();
    expect(tools.find((tool) => tool.name === 'restyle')?.inputSchema.required ?? []).not.toContain('style');

    const result = await mcp.client.callTool({ name: 'restyle', arguments: photo });
    expect(result.isError).toBeFalsy();
    const schema = schemaOf(asked[0]);
    expect(schema.required).toEqual(['style']);
    expect(schema.properties.style?.oneOf).toEqual(STYLES.map((style) => ({ const: style.id, title: style.label })));
    expect([...service.jobs.values()][0]?.body.style).toBe('japandi');
  });

  it('asks inside a task-augmented call too, before the task exists', async () => {
    await connect(() => ({ action: 'accept', content: { style: 'rustic' } }));
    const { task } = await mcp.client.request(
      { method: 'tools/call', params: { name: 'restyle', arguments: photo, task: {} } },
      CreateTaskResultSchema,
    );
    expect(asked).toHaveLength(1);
    expect(service.jobs.get(task.taskId)?.body.style).toBe('rustic');
  });

  it('asks staging for both style and room type, and emptying a room for nothing', async () => {
    await connect(() => ({ action: 'accept', content: { style: 'coastal', room_type: 'bedroom' } }));
    await mcp.client.callTool({ name: 'enhance', arguments: photo });
    expect(schemaOf(asked[0]).required).toEqual(['style', 'room_type']);
    expect([...service.jobs.values()][0]?.body).toMatchObject({ mode: 'staging', style: 'coastal', room_type: 'bedroom' });

    await mcp.client.callTool({ name: 'enhance', arguments: { ...photo, mode: 'empty-room' } });
    expect(asked).toHaveLength(1);
    expect(service.jobs.size).toBe(2);
  });

  it.each(['decline', 'cancel'] as const)('on %s starts no job and says so', async (action) => {
    await connect(() => ({ action }));
    const result = await mcp.client.callTool({ name: 'restyle', arguments: photo });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Not started: the user did not choose a style\. .*nothing was charged\./);
    expect(service.count('/api/v1/restyle')).toBe(0);
  });

  it('asks nothing when the call gives the choices', async () => {
    await connect(() => ({ action: 'decline' }));
    const result = await mcp.client.callTool({ name: 'restyle', arguments: { ...photo, style: 'modern' } });
    expect(result.isError).toBeFalsy();
    expect(asked).toEqual([]);
  });

  it('confirms before the session spends more than the limit; a no starts nothing, a yes covers the next credits', async () => {
    let confirm = false;
    await connect(() => ({ action: 'accept', content: { confirm } }), { confirmCreditsAbove: 1 });
    const call = () => mcp.client.callTool({ name: 'restyle', arguments: { ...photo, style: 'modern' } });

    expect((await call()).isError).toBeFalsy();
    expect(asked).toEqual([]);

    const refused = await call();
    expect(textOf(refused)).toMatch(/^Not started: the user did not confirm spending another credit\./);
    expect(asked[0]?.message).toMatch(/spent 1 credit so far; going on makes 2, more than the 1/);
    expect(service.jobs.size).toBe(1);

    confirm = true;
    expect((await call()).isError).toBeFalsy();
    expect((await call()).isError).toBeFalsy();
    expect(asked).toHaveLength(2);
    expect((await call()).isError).toBeFalsy();
    expect(asked).toHaveLength(3);
    expect(service.jobs.size).toBe(4);
  });

  it('a client that cannot be asked keeps the plain behaviour: style required, no confirmation', async () => {
    await connect(undefined, { confirmCreditsAbove: 0 });
    const { tools } = await mcp.client.listTools();
    expect(tools.find((tool) => tool.name === 'restyle')?.inputSchema.required).toEqual(['style']);

    const missing = await mcp.client.callTool({ name: 'restyle', arguments: photo });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/^The arguments do not match this tool's schema: style: style is required\. Nothing was started/);
    // The tool's own error, with the structured content its output schema promises (not the SDK's bare text).
    expect(missing.structuredContent).toMatchObject({
      request_id: '',
      status: 'not_started',
      error: { code: 'invalid_input', retryable: false },
    });
    expect(service.count('/api/v1/restyle')).toBe(0);

    for (const _ of [1, 2])
      expect((await mcp.client.callTool({ name: 'restyle', arguments: { ...photo, style: 'modern' } })).isError).toBeFalsy();
    expect(service.jobs.size).toBe(2);
  });
});
