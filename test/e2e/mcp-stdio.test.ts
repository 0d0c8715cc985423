import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { sampleRoom } from '@room-restyler/simulator';
import { SAFETY_TIMEOUT_MS } from '@room-restyler/test-kit/system';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack, TEST_KEY } from '../support/stack.js';

const BIN = fileURLToPath(new URL('../../packages/mcp/dist/room-restyler-mcp.js', import.meta.url));

describe('an assistant restyles a photo on its disk over stdio', () => {
  let stack: Stack;
  let dir: string;
  let client: Client;
  let stderr = '';

  beforeAll(async () => {
    stack = await startStack({ simulator: { latencyMs: { min: 1_500, max: 2_500 } } });
    dir = await mkdtemp(join(tmpdir(), 'rr-mcp-e2e-'));
    await writeFile(join(dir, 'bedroom.jpg'), await sampleRoom({ width: 1600, height: 1200 }));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN],
      env: {
        ...getDefaultEnvironment(),
        ROOM_API_KEY: TEST_KEY,
        ROOM_API_BASE_URL: stack.sim.url,
        ROOM_UPLOAD_URL: `${stack.proxy.url}/api/v1/uploads`,
      },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = new Client({ name: 'e2e-assistant', version: '1.0.0' });
    await client.connect(transport);
  });

  afterAll(async () => {
    await client?.close();
    await stack?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('uploads through the proxy, reports progress, returns the image and saves it', async () => {
    const progress: Array<{ progress: number; message?: string | undefined }> = [];
    const result = await client.callTool(
      {
        name: 'restyle',
        arguments: { image_path: join(dir, 'bedroom.jpg'), style: 'scandinavian', room_type: 'bedroom', save_dir: join(dir, 'out') },
      },
      undefined,
      { onprogress: (p) => progress.push(p), timeout: SAFETY_TIMEOUT_MS },
    );

    expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
    expect(progress.length).toBeGreaterThan(0);
    const text = (result.content as Array<{ type: string; text?: string }>)
      .filter((c) => c.type === 'text')
      .map((c) => c.text)
      .join('\n');
    expect(text).toMatch(/!\[[^\]]*\]\(http:\/\/127\.0\.0\.1:\d+\/[^)]+\)/);

    // The photo went through the proxy's upload route, and the simulator fetched it from there.
    expect(stack.sim.stats().jobs.succeeded).toBe(1);
    const saved = await readdir(join(dir, 'out'));
    expect(saved).toHaveLength(1);
    const meta = await sharp(join(dir, 'out', saved[0]!)).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBeGreaterThan(0);

    // The key stays out of everything the assistant or a log sees.
    expect(JSON.stringify(result)).not.toContain(TEST_KEY);
    expect(stderr).not.toContain(TEST_KEY);
    expect(stack.logs.join('\n')).not.toContain(TEST_KEY);
  });
});
