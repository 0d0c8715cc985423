import { type FakeService, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Connected, connectInMemory } from '../../test/support/connect.js';

describe('me', () => {
  let service: FakeService;
  let mcp: Connected;
  beforeEach(async () => {
    service = await startFakeService({ credits: 7 });
    mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url });
  });
  afterEach(async () => {
    await mcp.close();
    await service.close();
  });

  it('shows the plan and remaining credits, structured and as text', async () => {
    const result = await mcp.client.callTool({ name: 'me', arguments: {} });
    expect(result.structuredContent).toMatchObject({ email: 'agent@example.com', subscription: 'pro', credits_remaining: 7 });
    expect((result.content as { text: string }[])[0]?.text).toBe(
      'Account agent@example.com (pro plan): 7 credits remaining. Each generated image costs 1 credit.',
    );
  });
});
