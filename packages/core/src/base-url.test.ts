/** Base URLs as users write them: the service's docs give `…/api/v1`, its quickstart the origin. */
import { describe, expect, it } from 'vitest';
import { createRoomClient } from './client.js';

const KEY = 'bs_live_0123456789abcdef0123456789abcdef';
const ACCOUNT = { user_id: '7d1f6a52-1c1e-4a39-9d55-0b7c1c6e2f10', email: 'a@b.c', subscription: 'pro', credits_remaining: 7 };

/** The URLs a client asks for, each answered with the account. */
function recorded() {
  const urls: string[] = [];
  const fetch = async (url: string) => {
    urls.push(url);
    return Response.json(ACCOUNT);
  };
  return { urls, fetch };
}

describe('baseUrl', () => {
  it.each([
    ['https://api.bright-shot.com', 'https://api.bright-shot.com/api/v1/me'],
    ['https://api.bright-shot.com/', 'https://api.bright-shot.com/api/v1/me'],
    // The API reference's "Base URL": these used to call …/api/v1/api/v1/me (NotFoundError).
    ['https://api.bright-shot.com/api/v1', 'https://api.bright-shot.com/api/v1/me'],
    ['https://api.bright-shot.com/api/v1/', 'https://api.bright-shot.com/api/v1/me'],
    ['https://api.bright-shot.com/API/V1', 'https://api.bright-shot.com/api/v1/me'],
    [' https://api.bright-shot.com/api/v1// ', 'https://api.bright-shot.com/api/v1/me'],
    // Another path prefix (a gateway's) is kept, with or without the suffix.
    ['https://gw.example.com/brightshot', 'https://gw.example.com/brightshot/api/v1/me'],
    ['https://gw.example.com/brightshot/api/v1/', 'https://gw.example.com/brightshot/api/v1/me'],
    ['http://127.0.0.1:4010/api/v1', 'http://127.0.0.1:4010/api/v1/me'],
  ])('%s reaches %s', async (baseUrl, expected) => {
    const { urls, fetch } = recorded();
    expect(await createRoomClient({ baseUrl, apiKey: KEY, fetch }).me()).toEqual(ACCOUNT);
    expect(urls).toEqual([expected]);
  });

  it.each([
    ['https://api.bright-shot.com/api/v1?key=x', /^createRoomClient: baseUrl must not have a query or fragment/],
    ['https://api.bright-shot.com/#docs', /^createRoomClient: baseUrl must not have a query or fragment/],
    ['ftp://api.bright-shot.com', /^createRoomClient: baseUrl must be an http\(s\) URL \(got "ftp:\/\/api.bright-shot.com"\)/],
    ['localhost:4010', /^createRoomClient: baseUrl must be an http\(s\) URL \(got "localhost:4010"\)/],
    ['', /^createRoomClient: baseUrl must be an http\(s\) URL \(got ""\)/],
  ])('%j is refused when the client is made, naming baseUrl', (baseUrl, message) => {
    expect(() => createRoomClient({ baseUrl, apiKey: KEY })).toThrow(message);
  });

  it('refuses credentials in the URL without repeating them', () => {
    const make = () => createRoomClient({ baseUrl: 'https://user:hunter2@api.bright-shot.com', apiKey: KEY });
    expect(make).toThrow(/^createRoomClient: baseUrl must not carry credentials/);
    expect(make).not.toThrow(/hunter2/);
  });
});

describe('Authorization', () => {
  it('refuses a client given both apiKey and an Authorization header, whatever its case (it used to send both, joined, and get a 401)', () => {
    for (const name of ['Authorization', 'authorization', 'AUTHORIZATION'])
      expect(() => createRoomClient({ baseUrl: 'https://api.bright-shot.com', apiKey: KEY, headers: { [name]: 'Bearer other' } })).toThrow(
        /^createRoomClient: headers has an Authorization header, but apiKey is set/,
      );
  });

  it('refuses a call whose own headers carry an Authorization when the client has a key, sending nothing (it used to replace the key)', async () => {
    const { urls, fetch } = recorded();
    const rooms = createRoomClient({ baseUrl: 'https://api.bright-shot.com', apiKey: KEY, fetch });
    await expect(rooms.me({ headers: { Authorization: 'Bearer other' } })).rejects.toThrow(
      /^Reading the account: the call's headers has an Authorization header, but apiKey is set/,
    );
    expect(urls).toEqual([]);
  });

  it('sends a client without a key its own Authorization once (a site authenticating to its proxy)', async () => {
    const sent: Headers[] = [];
    const fetch = async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return Response.json(ACCOUNT);
    };
    const rooms = createRoomClient({ baseUrl: 'https://proxy.example.com', fetch, headers: { Authorization: 'Bearer site' } });
    await rooms.me({ headers: { 'X-Trace': 'b' } });
    expect(sent[0]?.get('authorization')).toBe('Bearer site');
    expect(sent[0]?.get('x-trace')).toBe('b');
  });

  it('sends one value per header name, whatever the case it was given in (it used to join them)', async () => {
    const sent: Headers[] = [];
    const fetch = async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return Response.json(ACCOUNT);
    };
    const rooms = createRoomClient({
      baseUrl: 'https://api.bright-shot.com',
      apiKey: KEY,
      fetch,
      headers: { 'X-Site': 'a', 'x-site': 'b' },
    });
    await rooms.me();
    expect(sent[0]?.get('x-site')).toBe('b');
    expect(sent[0]?.get('authorization')).toBe(`Bearer ${KEY}`);
  });
});
