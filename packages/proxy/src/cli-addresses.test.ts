/**
 * The bin's client addresses (issue 24): the image ports and the network of a daily-budget share come from
 * the environment, and no spelling of an address in X-Forwarded-For mints a bucket of its own.
 */
import { fileURLToPath } from 'node:url';
import { sampleRoom } from '@room-restyler/simulator';
import { describe, expect, it } from 'vitest';
import { Visitor } from '../test/support/harness.js';
import { exited, listeningUrl, runNode } from '../test/support/run-node.js';

// The built bin, as a user runs it (`pnpm test` and `pnpm check` build first).
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

/** A small room photo uploaded by `visitor`: its answer's `url` is an image_url the proxy accepts. */
const uploadRoom = async (visitor: Visitor) =>
  visitor.request('/api/v1/uploads', {
    method: 'POST',
    body: new Uint8Array(await sampleRoom({ width: 160, height: 120 })),
    headers: { 'content-type': 'image/jpeg' },
  });

describe('room-restyler-proxy address settings', () => {
  it('reads ROOM_PROXY_IMAGE_PORTS and ROOM_PROXY_NETWORK_PREFIX_V4', async () => {
    const child = runNode(CLI, ['--simulate', '--port', '0'], {
      env: { ROOM_PROXY_TRUST_PROXY: 'true', ROOM_PROXY_IMAGE_PORTS: '8443', ROOM_PROXY_NETWORK_PREFIX_V4: '32' },
    });
    try {
      const url = await listeningUrl(child);
      const from = (ip: string) => new Visitor(url, { 'x-forwarded-for': ip });
      const restyle = (ip: string, imageUrl: string) => from(ip).restyle({}, { image_url: imageUrl, style: 'modern' });
      // A listed port reaches the service (whose fetch of a name that does not exist fails); another is refused by the proxy.
      expect((await restyle('198.51.100.1', 'https://photos.example.invalid:8443/room.jpg')).json.error).toBe('Could not fetch image_url');
      expect((await restyle('198.51.100.2', 'https://photos.example.invalid:8444/room.jpg')).json.error).toMatch(/^image_url must be/);

      const upload = await uploadRoom(from('198.51.100.3'));
      // Each address its own network: past the 20 generations a /24 gets by default.
      const answers = await Promise.all(Array.from({ length: 21 }, (_, i) => restyle(`198.51.100.${i + 10}`, String(upload.json.url))));
      expect(answers.map((a) => a.status)).toEqual(Array(21).fill(200));
    } finally {
      child.kill('SIGTERM');
      await exited(child);
    }
  });

  it('counts every spelling of one client address, with or without a port, in one per-IP bucket', async () => {
    const child = runNode(CLI, ['--simulate', '--port', '0'], { env: { ROOM_PROXY_TRUST_PROXY: 'true' } });
    try {
      const url = await listeningUrl(child);
      const from = (ip: string) => new Visitor(url, { 'x-forwarded-for': ip });
      const upload = await uploadRoom(from('203.0.113.7'));
      // A new visitor each time (no shared cookie): only the address can tie them together.
      const spellings = ['203.0.113.7:10001', '3405803783', '203.0.113.07', '0xcb.0.0x71.7:80', '[::ffff:cb00:7107]:443', '203.0.113.7:2'];
      const answers = [];
      for (const ip of spellings) answers.push(await from(ip).restyle({}, { image_url: String(upload.json.url), style: 'modern' }));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
      expect(answers.at(-1)?.json.code).toBe('ip_limit');
    } finally {
      child.kill('SIGTERM');
      await exited(child);
    }
  });
});
