/**
 * Installable everywhere: the MCPB manifest passes `mcpb validate` and asks for the key as a sensitive
 * setting, and server.json (MCP Registry) names this package, its version and every variable it reads.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { bundleManifest, ENTRY_POINT, readPackageJson } from '../bundle/manifest.js';

const run = promisify(execFile);
const mcpb = new URL('../node_modules/.bin/mcpb', import.meta.url).pathname;
const VARIABLES = ['ROOM_API_KEY', 'ROOM_API_BASE_URL', 'ROOM_UPLOAD_URL', 'ROOM_UPLOAD_TOKEN'];

interface Manifest {
  version: string;
  server: { entry_point: string; mcp_config: { command: string; args: string[]; env: Record<string, string> } };
  tools: { name: string }[];
  user_config: Record<string, { sensitive?: boolean; required?: boolean }>;
}

describe('the MCPB bundle manifest', () => {
  it('passes mcpb validate, runs the package bin and keeps the key a sensitive, required setting', async () => {
    const manifest = (await bundleManifest()) as unknown as Manifest;
    const dir = await mkdtemp(join(tmpdir(), 'room-mcpb-'));
    try {
      await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
      const { stdout } = await run(mcpb, ['validate', join(dir, 'manifest.json')]);
      expect(stdout).toMatch(/validation passes/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(manifest.version).toBe((await readPackageJson()).version);
    expect(manifest.server.mcp_config).toMatchObject({ command: 'node', args: [`\${__dirname}/${ENTRY_POINT}`] });
    expect(Object.keys(manifest.server.mcp_config.env)).toEqual(VARIABLES);
    expect(manifest.server.mcp_config.env.ROOM_API_KEY).toMatch(/^\$\{user_config\.api_key\}$/);
    expect(manifest.user_config.api_key).toMatchObject({ sensitive: true, required: true });
    expect(manifest.user_config.upload_token).toMatchObject({ sensitive: true, required: false });
    expect(manifest.tools.map((tool) => tool.name)).toContain('enhance');
  });
});

describe('server.json for the MCP Registry', () => {
  it('names this npm package and version, mcpName, and the variables the server reads', async () => {
    const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
      name: string;
      version: string;
      mcpName: string;
    };
    const server = JSON.parse(await readFile(new URL('../server.json', import.meta.url), 'utf8'));
    expect(server.$schema).toMatch(/^https:\/\/static\.modelcontextprotocol\.io\/schemas\/\d{4}-\d{2}-\d{2}\/server\.schema\.json$/);
    expect(server.name).toBe(pkg.mcpName);
    expect(server.version).toBe(pkg.version);
    expect(server.description.length).toBeLessThanOrEqual(100);
    expect(server.packages).toEqual([
      expect.objectContaining({ registryType: 'npm', identifier: pkg.name, version: pkg.version, transport: { type: 'stdio' } }),
    ]);
    const variables = server.packages[0].environmentVariables as { name: string; isSecret?: boolean }[];
    expect(variables.map((v) => v.name)).toEqual(VARIABLES);
    expect(variables.filter((v) => v.isSecret).map((v) => v.name)).toEqual(['ROOM_API_KEY', 'ROOM_UPLOAD_TOKEN']);
    // Every variable it lists is one the server reads.
    const env = await readFile(new URL('../src/cli/env.ts', import.meta.url), 'utf8');
    for (const name of VARIABLES) expect(env).toContain(`'${name}'`);
  });
});
