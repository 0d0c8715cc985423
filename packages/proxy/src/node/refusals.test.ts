/**
 * Refusals a client can read: an oversized body gets its 413 JSON every time — the proxy answers,
 * then reads and discards what the client still sends (bounded) instead of resetting a connection
 * the client is still writing to — and every 405 names what is allowed, TRACE and CONNECT included.
 */
import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { waitFor } from '@room-restyler/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorCookie } from '../../test/support/harness.js';
import { rawRequest } from '../../test/support/raw-http.js';
import { listeningUrl, runNode } from '../../test/support/run-node.js';
import { SERVE_PROXY_SECRET } from '../../test/support/serve-proxy-secret.js';

const SCRIPT = fileURLToPath(new URL('../../test/support/serve-proxy.ts', import.meta.url));
let child: ChildProcess;
let url: string;
/** A visitor who has its cookie: without one a generation is answered 428 before its body is read. */
let cookie: string;

beforeAll(async () => {
  child = runNode(SCRIPT);
  url = await listeningUrl(child);
  cookie = await visitorCookie(SERVE_PROXY_SECRET);
});
afterAll(() => {
  child.kill('SIGTERM');
});

/** The status, or the network error's code (EPIPE, ECONNRESET) when the answer was lost. */
async function outcome(path: string, body: Uint8Array<ArrayBuffer> | string, type: string): Promise<number | string> {
  try {
    const response = await fetch(`${url}${path}`, { method: 'POST', body, headers: { 'content-type': type, cookie } });
    const json = (await response.json()) as { code?: string };
    return json.code === 'payload_too_large' ? response.status : `${response.status} ${json.code}`;
  } catch (error) {
    return String((error as { cause?: { code?: string } }).cause?.code ?? error);
  }
}

describe('an oversized body, from a client in another process', () => {
  it('gets its 413 JSON every time: 30 sequential 5 MB JSON POSTs and 10 40 MB uploads', async () => {
    const json = JSON.stringify({ image_url: 'https://photos.example.com/room.jpg', style: 'x'.repeat(5 * 1024 * 1024) });
    const results: Array<number | string> = [];
    for (let i = 0; i < 30; i++) results.push(await outcome('/api/v1/restyle', json, 'application/json'));
    const upload = new Uint8Array(40 * 1024 * 1024);
    for (let i = 0; i < 10; i++) results.push(await outcome('/api/v1/uploads', upload, 'image/jpeg'));
    expect(results).toEqual(Array(40).fill(413));
  });

  it('is drained only for a while: a client that stops sending after the answer is disconnected', async () => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    let received = '';
    let closed = false;
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => (closed = true));
    socket.on('error', () => {});
    socket.write(
      `POST /api/v1/restyle HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`,
    );
    socket.write('x'.repeat(64 * 1024));
    await waitFor(() => received.includes('payload_too_large'), 'the 413');
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    await waitFor(() => closed, 'the proxy to close the idle connection');
  });
});

describe('405', () => {
  it.each([
    ['TRACE /api/v1/restyle', 'POST'],
    ['TRACE /api/v1/prediction/abc', 'GET'],
    ['CONNECT /api/v1/uploads', 'POST'],
    ['CONNECT proxy.example:443', 'GET, HEAD, POST, DELETE, OPTIONS'],
    ['DELETE /readyz', 'GET'],
  ])('%s names what is allowed', async (line, allow) => {
    const response = await rawRequest(url, `${line} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(response.status).toBe(405);
    expect(response.head).toMatch(new RegExp(`\\r\\nallow: ${allow}\\r\\n`, 'i'));
    expect(JSON.parse(response.body)).toMatchObject({ code: 'method_not_allowed' });
  });

  it('answers TRACE on a path it does not serve with a 404, and keeps serving', async () => {
    expect((await rawRequest(url, 'TRACE /nope HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')).status).toBe(404);
    expect((await fetch(`${url}/livez`)).status).toBe(200);
  });
});
