/** What a client sees of the server before calling anything: portable schemas, icons, honest capabilities, logs on request. */
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { MODE_IDS } from '@room-restyler/core';
import { type FakeService, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Connected, connectInMemory } from '../../test/support/connect.js';

describe('the listed surface', () => {
  let service: FakeService;
  let mcp: Connected;
  beforeEach(async () => {
    service = await startFakeService();
    mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url });
  });
  afterEach(async () => {
    await mcp.close();
    await service.close();
  });

  it('gives every tool JSON Schema 2020-12 that a strict 2020 validator compiles, with ASCII-only patterns and mode an enum of the spec', async () => {
    const { tools } = await mcp.client.listTools();
    const ajv = new Ajv2020({ strict: true, strictTypes: false, allowUnionTypes: true });
    for (const tool of tools)
      for (const schema of [tool.inputSchema, tool.outputSchema].filter((s) => s !== undefined)) {
        expect(schema.$schema, tool.name).toBe('https://json-schema.org/draft/2020-12/schema');
        expect(() => ajv.compile(schema), tool.name).not.toThrow();
        // Python's jsonschema (and others) reject \p{…} classes: patterns, if any, stay plain ASCII.
        for (const pattern of JSON.stringify(schema).matchAll(/"pattern":"((?:[^"\\]|\\.)*)"/g))
          expect(pattern[1]).toMatch(/^[\x20-\x7e]*$/);
        expect(JSON.stringify(schema)).not.toMatch(/\\\\p\{/);
      }
    const mode = tools.find((t) => t.name === 'enhance')?.inputSchema.properties?.mode as { enum: string[] };
    expect(mode.enum).toEqual([...MODE_IDS]);
    const refused = await mcp.client.callTool({
      name: 'enhance',
      arguments: { image_url: 'https://example.com/a.jpg', mode: 'bogus-mode' },
    });
    expect(refused.isError).toBe(true);
    expect(service.jobs.size).toBe(0);
  });

  it('shows an icon for the server and each tool, offers logging, and announces no list changes', async () => {
    const icon = mcp.client.getServerVersion()?.icons?.[0];
    expect(icon?.src).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(icon?.src.split(',')[1] ?? '', 'base64').toString()).toMatch(/^<svg /);
    for (const tool of (await mcp.client.listTools()).tools) expect(tool.icons, tool.name).toEqual([icon]);
    const capabilities = mcp.client.getServerCapabilities();
    expect(capabilities?.logging).toEqual({});
    for (const list of [capabilities?.tools, capabilities?.resources, capabilities?.prompts]) expect(list?.listChanged).not.toBe(true);
  });

  it('sends its log lines to the client only once the client asked for them', async () => {
    const messages: string[] = [];
    mcp.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void messages.push(String(n.params.data)));
    const restyle = { name: 'restyle', arguments: { image_url: 'https://example.com/a.jpg', style: 'modern', previews: false } };
    await mcp.client.callTool(restyle);
    expect(messages).toEqual([]);
    await mcp.client.setLoggingLevel('info');
    await mcp.client.callTool(restyle);
    expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(/^restyled job job_2 started$/)]));
    await mcp.client.setLoggingLevel('error');
    await mcp.client.callTool(restyle);
    expect(messages.some((m) => m.includes('job_3'))).toBe(false);
  });
});
