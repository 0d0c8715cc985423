import { type Served, serveOverHttp } from '@room-restyler/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoServer } from '../test-support/image-server.js';
import { FETCH_FAILED, fetchImage, privateRefusal } from './fetch-image.js';
import { ImageInputError } from './render.js';
import { sampleRoom } from './sample-room.js';

let server: Served;
let redirector: Served;
let photo: Buffer;
// The photo server is on loopback: allowed here, as a local proxy's uploads are.
const limits = { maxBytes: 1_000_000, timeoutMs: 2_000, allowPrivate: true };
const never = new AbortController().signal;

beforeAll(async () => {
  photo = await sampleRoom({ width: 200, height: 150 });
  server = await photoServer({
    '/room.jpg': { body: photo, type: 'image/jpeg' },
    '/page.html': { body: '<html></html>', type: 'text/html; charset=utf-8' },
    '/big.bin': { body: Buffer.alloc(2_000_000), type: 'application/octet-stream' },
  });
  redirector = await serveOverHttp(async (request) => {
    const to = new URL(request.url).searchParams.get('to') ?? '';
    return new Response(null, { status: 302, headers: { location: to } });
  });
});
afterAll(() => Promise.all([server.close(), redirector.close()]));

describe('fetchImage', () => {
  it('downloads a photo from a loopback URL', async () => {
    expect(await fetchImage(`${server.url}/room.jpg`, limits, never)).toEqual(photo);
  });

  it('fails clearly on a non-image type and an oversized body, and with one message on an HTTP error, a timeout and a refused connection (no port scanner)', async () => {
    await expect(fetchImage(`${server.url}/nope.jpg`, limits, never)).rejects.toThrow(new ImageInputError(FETCH_FAILED));
    await expect(fetchImage(`${server.url}/page.html`, limits, never)).rejects.toThrow(
      'image_url is not an image (Content-Type text/html)',
    );
    await expect(fetchImage(`${server.url}/big.bin`, limits, never)).rejects.toThrow('image_url is larger than 1000000 bytes');
    await expect(fetchImage(`${server.url}/slow`, { ...limits, timeoutMs: 100 }, never)).rejects.toThrow(new ImageInputError(FETCH_FAILED));
    await expect(fetchImage('http://127.0.0.1:1/x.jpg', limits, never)).rejects.toThrow(new ImageInputError(FETCH_FAILED));
  });

  it('stops when the job is cancelled, with the cancel reason rather than a fetch error', async () => {
    const controller = new AbortController();
    const pending = fetchImage(`${server.url}/slow`, limits, controller.signal);
    controller.abort(new Error('simulator closed'));
    await expect(pending).rejects.toThrow('simulator closed');
  });

  describe('by default (public hosts only, like the service)', () => {
    const strict = { maxBytes: 1_000_000, timeoutMs: 2_000 };

    it.each([
      ['http://127.0.0.1:1/x.jpg', 'http://127.0.0.1:1'],
      ['http://localhost/x.jpg', 'http://localhost'],
      ['http://169.254.169.254/latest/meta-data/', 'http://169.254.169.254'],
      ['http://[fd00:ec2::254]/latest/meta-data/', 'http://[fd00:ec2::254]'],
      ['http://2130706433/x.jpg', 'http://127.0.0.1'],
      ['http://0x7f.1/x.jpg', 'http://127.0.0.1'],
      ['http://[::ffff:127.0.0.1]/x.jpg', 'http://[::ffff:7f00:1]'],
    ])('refuses %s before connecting, naming the flag that allows private addresses', async (url, origin) => {
      await expect(fetchImage(url, strict, never)).rejects.toThrow(new ImageInputError(privateRefusal(origin)));
      expect(privateRefusal(origin)).toContain('start the simulator with --allow-private-images');
    });

    it('refuses credentials in the URL with the one message', async () => {
      await expect(fetchImage('http://user:pass@example.com/x.jpg', strict, never)).rejects.toThrow(new ImageInputError(FETCH_FAILED));
    });

    it('refuses the loopback photo server itself', async () => {
      await expect(fetchImage(`${server.url}/room.jpg`, strict, never)).rejects.toThrow(new ImageInputError(privateRefusal(server.url)));
    });

    it('checks every redirect hop: an allowed origin redirecting to a private one is refused', async () => {
      const onlyRedirector = { ...strict, allowPrivate: (origin: string) => origin === redirector.url };
      const to = encodeURIComponent(`${server.url}/room.jpg`);
      await expect(fetchImage(`${redirector.url}/?to=${to}`, onlyRedirector, never)).rejects.toThrow(
        new ImageInputError(privateRefusal(server.url)),
      );
      // The same hop allowed: followed by hand, the photo arrives.
      const both = { ...strict, allowPrivate: (origin: string) => origin === redirector.url || origin === server.url };
      expect(await fetchImage(`${redirector.url}/?to=${to}`, both, never)).toEqual(photo);
    });

    it('stops after 5 redirects', async () => {
      let url = `${server.url}/room.jpg`;
      for (let i = 0; i < 6; i += 1) url = `${redirector.url}/?to=${encodeURIComponent(url)}`;
      await expect(fetchImage(url, limits, never)).rejects.toThrow(new ImageInputError(FETCH_FAILED));
    });

    it('checks the addresses a host name resolves to (a public-looking name pointing at the machine itself)', async () => {
      const port = Number(new URL(server.url).port);
      const url = `http://photos.example.com:${port}/room.jpg`;
      const resolved: string[] = [];
      const resolving = (addresses: string[]) => async (host: string) => {
        resolved.push(host);
        return addresses;
      };
      for (const addresses of [['127.0.0.1'], ['93.184.216.34', '10.0.0.1'], ['::1']])
        await expect(fetchImage(url, { ...strict, ports: [port] }, never, resolving(addresses))).rejects.toThrow(
          new ImageInputError(privateRefusal(new URL(url).origin)),
        );
      await expect(fetchImage(url, { ...strict, ports: [port] }, never, resolving([]))).rejects.toThrow(new ImageInputError(FETCH_FAILED));
      expect(resolved).toHaveLength(4);
    });

    it('refuses a public name on a port other than the scheme’s own without resolving it', async () => {
      const resolved: string[] = [];
      const resolve = async (host: string) => {
        resolved.push(host);
        return ['93.184.216.34'];
      };
      await expect(fetchImage('http://photos.example.com:6379/x.jpg', strict, never, resolve)).rejects.toThrow(
        new ImageInputError(FETCH_FAILED),
      );
      expect(resolved).toEqual([]);
    });
  });
});
