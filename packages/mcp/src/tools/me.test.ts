import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Connected, connectInMemory } from '../../test/support/connect.js';
import { type FakeService, startFakeService } from '../../test/support/fake-service.js';

describe('me', () => {
  let service: FakeService;
  let mcp: Connected;
  beforeEach(async () => {
    service = await startFakeService({ credits: 7 });
    mcp = await connectInMemory({ apiKey: 'sim_test_key', baseUrl: service.url });
  });
  afterEach(async () => {
    await mcp.close();
    await service.close();
  });

  it('shows the plan and remaining credits, structured and as text', async () => {
    const result = await mcp.client.callTool({ name: 'me', arguments: {} });
    expect(result.structuredContent).toMatchObject({ email: 'agent@example.com', subscription: 'Pro', credits_remaining: 7 });
    expect((result.content as { text: string }[])[0]?.text).toBe(
      'Account agent@example.com (Pro plan): 7 credits remaining. Each generated image costs 1 credit.',
    );
  });
});
