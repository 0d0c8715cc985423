/** `tools/list` stays small in the model's context: every operation reachable costs at most twice the bytes of before. */
import { TEST_API_KEY } from '@room-restyler/test-kit';
import { describe, expect, it } from 'vitest';
import { connectInMemory } from '../../test/support/connect.js';

/**
 * The bytes of `tools/list` (its JSON, as a stdio client receives it) before issue 29 made every
 * operation reachable: enhance, restyle, prediction, save_images, recent_jobs and me, per dialect
 * (the clientInfo names that choose them). BENCHMARKS.md records before and after.
 */
const BEFORE = { 'test-client': 26_296, 'openai-mcp': 26_395, 'gemini-cli-mcp-client': 24_608 };

describe('the size of tools/list', () => {
  it.each(Object.entries(BEFORE))('%s: at most twice the bytes of before', async (name, before) => {
    const mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: 'http://127.0.0.1:9' }, undefined, name);
    const bytes = Buffer.byteLength(JSON.stringify(await mcp.client.listTools()));
    await mcp.close();
    expect(bytes).toBeLessThanOrEqual(2 * before);
  });
});
