import type { Served } from '@room-restyler/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoServer } from '../test-support/image-server.js';
import { fetchImage } from './fetch-image.js';
import { ImageInputError } from './render.js';
import { sampleRoom } from './sample-room.js';

let server: Served;
let photo: Buffer;
const limits = { maxBytes: 1_000_000, timeoutMs: 2_000 };
const never = new AbortController().signal;

beforeAll(async () => {
  photo = await sampleRoom({ width: 200, height: 150 });
  server = await photoServer({
    '/room.jpg': { body: photo, type: 'image/jpeg' },
    '/page.html': { body: '<html></html>', type: 'text/html; charset=utf-8' },
    '/big.bin': { body: Buffer.alloc(2_000_000), type: 'application/octet-stream' },
  });
});
afterAll(() => server.close());

describe('fetchImage', () => {
  it('downloads a photo from a loopback URL', async () => {
    expect(await fetchImage(`${server.url}/room.jpg`, limits, never)).toEqual(photo);
  });

  it('fails clearly on an HTTP error, a non-image type, an oversized body, a timeout and a refused connection', async () => {
    await expect(fetchImage(`${server.url}/nope.jpg`, limits, never)).rejects.toThrow(
      new ImageInputError('Could not fetch image_url: HTTP 404'),
    );
    await expect(fetchImage(`${server.url}/page.html`, limits, never)).rejects.toThrow(
      'image_url is not an image (Content-Type text/html)',
    );
    await expect(fetchImage(`${server.url}/big.bin`, limits, never)).rejects.toThrow('image_url is larger than 1000000 bytes');
    await expect(fetchImage(`${server.url}/slow`, { ...limits, timeoutMs: 100 }, never)).rejects.toThrow('no response within 100 ms');
    await expect(fetchImage('http://127.0.0.1:1/x.jpg', limits, never)).rejects.toThrow('Could not fetch image_url: connection failed');
  });

  it('stops when the job is cancelled, with the cancel reason rather than a fetch error', async () => {
    const controller = new AbortController();
    const pending = fetchImage(`${server.url}/slow`, limits, controller.signal);
    controller.abort(new Error('simulator closed'));
    await expect(pending).rejects.toThrow('simulator closed');
  });
});
