import { afterEach, describe, expect, it } from 'vitest';
import { type Served, serveOverHttp } from './serve.js';

let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

describe('serveOverHttp', () => {
  it('answers with what the handler returns, given the method, path and body it received', async () => {
    served = await serveOverHttp(async (request) =>
      Response.json({ method: request.method, path: new URL(request.url).pathname, body: await request.text() }, { status: 201 }),
    );
    const response = await fetch(`${served.url}/echo?x=1`, { method: 'POST', body: 'hello' });
    expect([response.status, await response.json()]).toEqual([201, { method: 'POST', path: '/echo', body: 'hello' }]);
  });

  it('drops the connection when the handler throws', async () => {
    served = await serveOverHttp(async () => {
      throw new Error('no answer');
    });
    await expect(fetch(served.url)).rejects.toThrow('fetch failed');
  });

  it('aborts the handler when the client gives up, so a request that never answers ends', async () => {
    let enter = () => {};
    const entered = new Promise<void>((resolve) => (enter = resolve));
    let sawAbort: (reason: unknown) => void = () => {};
    const handlerSawAbort = new Promise<unknown>((resolve) => (sawAbort = resolve));
    served = await serveOverHttp((request) => {
      enter();
      return new Promise((_resolve, reject) =>
        request.signal.addEventListener('abort', () => {
          sawAbort(request.signal.reason);
          reject(request.signal.reason);
        }),
      );
    });
    const controller = new AbortController();
    const pending = fetch(served.url, { signal: controller.signal });
    await entered;
    controller.abort(new Error('gave up'));
    await expect(pending).rejects.toThrow('gave up');
    expect(String(await handlerSawAbort)).toContain('the client went away');
  });
});
