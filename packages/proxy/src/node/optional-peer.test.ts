/** sharp and ioredis are optional peers: a proxy that does not use them runs without them. */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exited, runNode } from '../../test/support/run-node.js';

const SCRIPT = fileURLToPath(new URL('../../test/support/without-peers.ts', import.meta.url));

describe('optional peers', () => {
  it('serves with uploads off when sharp and ioredis are not installed, and names the package a feature needs', async () => {
    const { code, stdout, stderr } = await exited(runNode(SCRIPT, [], { hide: ['sharp', 'ioredis'] }));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      health: 200,
      uploads:
        'The package sharp is needed for image uploads but is not installed. Install it next to @room-restyler/proxy: npm install sharp',
      redis:
        'The package ioredis is needed for the Redis store but is not installed. Install it next to @room-restyler/proxy: npm install ioredis',
    });
  });
});
