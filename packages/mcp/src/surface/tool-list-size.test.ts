/** `tools/list` stays small in the model's context: every operation reachable costs at most twice the bytes of before. */
import { TEST_API_KEY } from '@room-restyler/test-kit';
import { describe, expect, it } from 'vitest';
import { connectInMemory } from '../../test/support/connect.js';

/**
 * The bytes of `tools/list` (its JSON, as the client receives it) before issue 29 made every
 * operation reachable — enhance, restyle, prediction, save_images, recent_jobs and me — per
 * dialect (the clientInfo names that choose them), on stdio (files anywhere) and over HTTP without
 * a files root (no path arguments, no save_images). BENCHMARKS.md records before and after.
 */
const BEFORE = [
  ['test-client', 'anywhere', 26_296],
  ['openai-mcp', 'anywhere', 26_395],
  ['gemini-cli-mcp-client', 'anywhere', 24_608],
  ['test-client', 'off', 22_425],
  ['openai-mcp', 'off', 22_303],
  ['gemini-cli-mcp-client', 'off', 20_886],
] as const;

describe('the size of tools/list', () => {
  it.each(BEFORE)('%s, files %s: at most twice the %i bytes of before', async (name, files, before) => {
    const mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: 'http://127.0.0.1:9', files }, undefined, name);
    const bytes = Buffer.byteLength(JSON.stringify(await mcp.client.listTools()));
    await mcp.close();
    expect(bytes).toBeLessThanOrEqual(2 * before);
  });
});
