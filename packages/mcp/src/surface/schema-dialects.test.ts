/** Every tool's schemas as each client's model provider reads them, through a real SDK client. */
import { spawnSync } from 'node:child_process';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { checkInput, checkOperationInput, restyleInputSchema } from '@room-restyler/core/schemas';
import { type FakeService, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectInMemory } from '../../test/support/connect.js';
import { geminiProblems, openAiStrictProblems } from '../../test/support/schema-rules.js';

/** The clientInfo names that choose each dialect. */
const CLIENTS = { 'json-schema': 'test-client', 'openai-strict': 'openai-mcp', gemini: 'gemini-cli-mcp-client' } as const;

const python = spawnSync('python3', ['-c', 'import jsonschema'], { stdio: 'ignore' });

describe('the schema dialects', () => {
  let service: FakeService;
  beforeEach(async () => {
    service = await startFakeService();
  });
  afterEach(async () => {
    await service.close();
  });

  const listAs = async (name: string) => {
    const mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url }, undefined, name);
    const { tools } = await mcp.client.listTools();
    await mcp.close();
    return tools;
  };
  const schemasOf = (tools: Tool[]) =>
    tools.flatMap((tool) => [
      [tool.name, tool.inputSchema],
      ...(tool.outputSchema ? [[`${tool.name} output`, tool.outputSchema] as const] : []),
    ]) as [string, Tool['inputSchema']][];

  it.each(Object.entries(CLIENTS))('%s: valid 2020-12 for a strict validator, without zod’s integer bounds', async (_, name) => {
    const ajv = new Ajv2020({ strict: true, strictTypes: false, allowUnionTypes: true });
    for (const [tool, schema] of schemasOf(await listAs(name))) {
      expect(() => ajv.compile(schema), tool).not.toThrow();
      expect(JSON.stringify(schema), tool).not.toContain(String(Number.MAX_SAFE_INTEGER));
    }
  });

  it.skipIf(python.status !== 0)('every dialect is valid for Python’s jsonschema (Draft 2020-12)', async () => {
    const schemas = [];
    for (const name of Object.values(CLIENTS)) schemas.push(...schemasOf(await listAs(name)).map(([, schema]) => schema));
    const check = spawnSync(
      'python3',
      ['-c', 'import json, sys, jsonschema\nfor s in json.load(sys.stdin): jsonschema.Draft202012Validator.check_schema(s)'],
      { input: JSON.stringify(schemas), encoding: 'utf8' },
    );
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it.each(Object.entries(CLIENTS))('%s: lists the operation tools too, so every check here covers them', async (_, name) => {
    const names = (await listAs(name)).map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['edit_photo', 'edit_objects', 'create_room']));
  });

  it('OpenAI strict mode accepts every input schema of the openai-strict dialect, and not the plain one', async () => {
    for (const tool of await listAs(CLIENTS['openai-strict'])) expect(openAiStrictProblems(tool.inputSchema), tool.name).toEqual([]);
    const plain = (await listAs(CLIENTS['json-schema'])).find((tool) => tool.name === 'restyle');
    expect(openAiStrictProblems(plain?.inputSchema ?? { type: 'object' })).toEqual(
      expect.arrayContaining([
        'root: additionalProperties must be false',
        'root: image_url is not required',
        'root: $schema is not supported',
      ]),
    );
  });

  it('Gemini accepts every input and output schema of the gemini dialect, and not the plain ones', async () => {
    for (const [tool, schema] of schemasOf(await listAs(CLIENTS.gemini))) expect(geminiProblems(schema), tool).toEqual([]);
    const plain = (await listAs(CLIENTS['json-schema'])).find((tool) => tool.name === 'restyle');
    expect(geminiProblems(plain?.inputSchema ?? { type: 'object' })).toEqual(
      expect.arrayContaining(['root: unknown name $schema', 'root.properties.style: unknown name examples']),
    );
    expect(geminiProblems(plain?.outputSchema ?? { type: 'object' })).toContain('root: unknown name additionalProperties');
  });

  it('serves the dialect the server was told to serve, whatever the client’s name', async () => {
    const mcp = await connectInMemory(
      { apiKey: TEST_API_KEY, baseUrl: service.url, schemaDialect: 'gemini' },
      undefined,
      CLIENTS['json-schema'],
    );
    const { tools } = await mcp.client.listTools();
    for (const [tool, schema] of schemasOf(tools)) expect(geminiProblems(schema), tool).toEqual([]);
    await mcp.close();
  });

  it('a strict client’s null arguments are taken as absent: defaults apply, nothing unasked is sent', async () => {
    const mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url }, undefined, CLIENTS['openai-strict']);
    const given = { image_url: 'https://example.com/a.jpg', style: 'japandi', previews: false };
    const nulls = { image_path: null, room_type: null, wait_seconds: null, save_dir: null };
    const withNulls = await mcp.client.callTool({ name: 'restyle', arguments: { ...given, ...nulls } });
    const omitted = await mcp.client.callTool({ name: 'restyle', arguments: given });
    expect(withNulls.isError).toBeFalsy();
    expect(withNulls.structuredContent).toMatchObject({ done: true, inputs: { style: 'japandi' } });
    expect((withNulls.structuredContent as { inputs: object }).inputs).toEqual((omitted.structuredContent as { inputs: object }).inputs);
    expect([...service.jobs.values()].map((job) => job.body)).toEqual([
      { image_url: given.image_url, style: 'japandi' },
      { image_url: given.image_url, style: 'japandi' },
    ]);
    const followed = await mcp.client.callTool({
      name: 'prediction',
      arguments: { id: (withNulls.structuredContent as { request_id: string }).request_id, wait_seconds: null, previews: null },
    });
    expect(followed.structuredContent).toMatchObject({ done: true });
    await mcp.close();
  });

  it('a strict client’s nulls for an operation tool’s other fields send only what the operation takes', async () => {
    const mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url }, undefined, CLIENTS['openai-strict']);
    const { tools } = await mcp.client.listTools();
    const listed = tools.find((tool) => tool.name === 'edit_objects')?.inputSchema;
    const given = { operation: 'blurObjects', image_url: 'https://example.com/a.jpg', objects: ['faces'], previews: false };
    const nulls = Object.fromEntries(Object.keys(listed?.properties ?? {}).flatMap((key) => (key in given ? [] : [[key, null]])));
    expect(Object.keys(nulls)).toEqual(expect.arrayContaining(['prompt', 'mask_url', 'mask_path', 'image_path', 'wait_seconds']));
    const result = await mcp.client.callTool({ name: 'edit_objects', arguments: { ...given, ...nulls } });
    expect(result.structuredContent).toMatchObject({ done: true });
    expect([...service.jobs.values()].map((job) => [job.operation, job.body])).toEqual([
      ['blurObjects', { image_url: given.image_url, objects: ['faces'] }],
    ]);
    await mcp.close();
  });

  it('states an operation tool’s limits as the server enforces them: prompt, objects and mask', async () => {
    const tool = (await listAs(CLIENTS['json-schema'])).find((t) => t.name === 'edit_objects');
    const valid = new Ajv2020({ strict: false }).compile(tool?.inputSchema ?? {});
    const image_url = 'https://example.com/a.jpg';
    for (const prompt of ['a plant', ' padded ', '', '   ', 'x'.repeat(1000), 'x'.repeat(1001)])
      expect(valid({ operation: 'edit', image_url, prompt }), prompt).toBe(checkOperationInput('edit', { image_url, prompt }).ok);
    for (const objects of [['faces'], [], Array.from({ length: 10 }, () => 'car'), Array.from({ length: 11 }, () => 'car')])
      expect(valid({ operation: 'blurObjects', image_url, objects }), String(objects.length)).toBe(
        checkOperationInput('blurObjects', { image_url, objects }).ok,
      );
    for (const mask_url of ['https://example.com/m.png', 'ftp://example.com/m.png', `https://e.com/${'x'.repeat(2035)}`])
      expect(valid({ operation: 'inpaint', image_url, mask_url, prompt: 'a plant' }), mask_url.slice(0, 30)).toBe(
        checkOperationInput('inpaint', { image_url, mask_url, prompt: 'a plant' }).ok,
      );
  });

  it('states the limits the server enforces: what the listed schema refuses, the server refuses', async () => {
    const restyle = (await listAs(CLIENTS['json-schema'])).find((tool) => tool.name === 'restyle');
    const valid = new Ajv2020({ strict: false }).compile(restyle?.inputSchema ?? {});
    const urls = [
      'https://example.com/a.jpg',
      'HTTP://EXAMPLE.COM/A',
      'ftp://example.com/a.jpg',
      '/a.jpg',
      `https://e.com/${'x'.repeat(2034)}`,
    ];
    const styles = ['japandi', 'Art Deco (1920s)', '', '   ', 'x'.repeat(64), 'x'.repeat(65)];
    for (const image_url of [...urls, `https://e.com/${'x'.repeat(2035)}`])
      expect(valid({ image_url, style: 'japandi' }), image_url).toBe(checkInput(restyleInputSchema, { image_url, style: 'japandi' }).ok);
    for (const style of styles)
      expect(valid({ image_url: urls[0], style }), style).toBe(checkInput(restyleInputSchema, { image_url: urls[0], style }).ok);
  });
});
