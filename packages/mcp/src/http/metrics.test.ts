/** `GET /metrics` of the HTTP mode: 404 unless configured and asked with its Bearer token; labels are statuses only. */
import { afterEach, describe, expect, it } from 'vitest';
import { createRoomMcpServer } from '../server.js';
import { type RunningHttpServer, startHttpServer } from './http-server.js';

const ADMIN = 'mcp-admin-token-0123456789';
const createServer = () => createRoomMcpServer({ apiKey: 'unused', baseUrl: 'http://127.0.0.1:9' });
let running: RunningHttpServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const metricsUrl = () => String(running?.url).replace(/\/mcp$/, '/metrics');

describe('GET /metrics', () => {
  it('answers 404 when no admin token is configured', async () => {
    running = await startHttpServer({ port: 0, createServer });
    expect((await fetch(metricsUrl(), { headers: { authorization: `Bearer ${ADMIN}` } })).status).toBe(404);
  });

  it('answers 404 without the right Bearer token, and the metrics with it', async () => {
    running = await startHttpServer({ port: 0, adminToken: ADMIN, createServer });
    expect((await fetch(metricsUrl())).status).toBe(404);
    expect((await fetch(metricsUrl(), { headers: { authorization: `Bearer ${ADMIN}x` } })).status).toBe(404);
    expect((await fetch(String(running.url), { method: 'GET' })).status).toBe(400);
    const response = await fetch(metricsUrl(), { headers: { authorization: `Bearer ${ADMIN}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('room_restyler_mcp_sessions 0');
    expect(text).toMatch(/room_restyler_mcp_http_responses_total\{status="400"\} 1/);
    expect(text).toMatch(/room_restyler_mcp_http_responses_total\{status="404"\} 2/);
    expect(text).toContain('process_cpu_user_seconds_total');
    for (const [, label] of text.matchAll(/^room_restyler_mcp_\w+\{([^}]*)\}/gm)) expect(label).toMatch(/^status="\d{3}"$/);
  });

  it('refuses a token shorter than 16 characters at start', async () => {
    await expect(startHttpServer({ port: 0, adminToken: 'short', createServer })).rejects.toThrow(/at least 16 characters/);
  });
});
