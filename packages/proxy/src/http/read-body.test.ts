import { describe, expect, it } from 'vitest';
import { readBody } from './read-body.js';

const streamOf = (chunks: number, size: number, endless = false) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < chunks; i++) controller.enqueue(new Uint8Array(size));
      if (!endless) controller.close();
    },
  });

const request = (body: ReadableStream<Uint8Array>) => new Request('http://x/', { method: 'POST', body, duplex: 'half' } as RequestInit);

describe('readBody', () => {
  it('reads a body within the cap', async () => {
    expect((await readBody(request(streamOf(4, 100)), { maxBytes: 400, timeoutMs: 1_000 })).byteLength).toBe(400);
  });

  it('stops reading as soon as the cap is passed (413)', async () => {
    await expect(readBody(request(streamOf(1_000, 1_024)), { maxBytes: 4_096, timeoutMs: 1_000 })).rejects.toMatchObject({ status: 413 });
  });

  it('gives up on a body that never ends (408)', async () => {
    await expect(readBody(request(streamOf(1, 10, true)), { maxBytes: 4_096, timeoutMs: 50 })).rejects.toMatchObject({
      status: 408,
      code: 'body_timeout',
    });
  });
});
