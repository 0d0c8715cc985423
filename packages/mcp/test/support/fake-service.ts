/** A suite's fake service with a server on it (kept apart from connect.ts, which the bundle's manifest builder imports outside a test run). */

import { type FakeService, startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';
import { afterAll, beforeAll } from 'vitest';
import type { RoomMcpServerOptions } from '../../src/options.js';
import { type Connected, connectInMemory } from './connect.js';

/** For a suite: the kit's fake service and a server on it with an in-memory client, started before its tests and closed after. */
export function connectedToFakeService(options: RoomMcpServerOptions = {}): { service: () => FakeService; mcp: () => Connected } {
  let service: FakeService | undefined;
  let mcp: Connected | undefined;
  beforeAll(async () => {
    service = await startFakeService();
    mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url, ...options });
  });
  afterAll(async () => {
    await mcp?.close();
    await service?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('used outside the suite it was made for');
    return value;
  };
  return { service: () => started(service), mcp: () => started(mcp) };
}
