import { afterEach, describe, expect, it } from 'vitest';
import { type RunningRedis, startRedisServer } from './redis-server.js';

const running: RunningRedis[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.stop();
});

describe('the throwaway redis-server of the tests', () => {
  it('fails to start on a port another server holds, instead of handing out that server', async () => {
    const theirs = await startRedisServer();
    running.push(theirs);
    const ours = startRedisServer({ port: theirs.port });
    ours.then((server) => running.push(server)).catch(() => {});
    await expect(ours).rejects.toThrow(/redis-server exited/);
  });
});
