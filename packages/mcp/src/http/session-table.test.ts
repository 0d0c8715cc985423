/** Which sessions close when idle, on a clock the test moves. */
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionTable } from './session-table.js';

describe('SessionTable', () => {
  let now = 0;
  const tables: SessionTable[] = [];
  afterEach(async () => {
    await Promise.all(tables.splice(0).map((table) => table.closeAll()));
  });

  function table(idleMs = 1_000) {
    const made = new SessionTable({ idleMs, max: 3, maxPerCaller: 2 }, () => now);
    tables.push(made);
    return made;
  }
  function open(sessions: SessionTable, id: string, caller = 'a') {
    const transport = { closed: 0, close: async () => void transport.closed++ };
    const res = new EventEmitter();
    sessions.add(id, { transport: transport as unknown as StreamableHTTPServerTransport, key: undefined, caller }, res as ServerResponse);
    return { transport, res };
  }

  it('closes a session unused for idleMs, never one with a request still open', () => {
    const sessions = table();
    const quiet = open(sessions, 'quiet');
    const busy = open(sessions, 'busy');
    quiet.res.emit('close');
    now += 1_000;
    sessions.closeIdle();
    expect(quiet.transport.closed).toBe(1);
    expect(busy.transport.closed).toBe(0);
    // Its stream ends: idle from then on.
    busy.res.emit('close');
    now += 999;
    sessions.closeIdle();
    expect(busy.transport.closed).toBe(0);
    now += 1;
    sessions.closeIdle();
    expect(busy.transport.closed).toBe(1);
  });

  it('a request counts as use: the idle time starts again when its response closes', () => {
    const sessions = table();
    const { transport, res } = open(sessions, 's');
    res.emit('close');
    now += 900;
    const again = new EventEmitter();
    const session = sessions.get('s');
    if (!session) throw new Error('session missing');
    sessions.track(session, again as ServerResponse);
    again.emit('close');
    now += 900;
    sessions.closeIdle();
    expect(transport.closed).toBe(0);
  });

  it('refuses past the cap per caller (429) and overall (503), after closing idle sessions', () => {
    const sessions = table();
    open(sessions, '1', 'a').res.emit('close');
    open(sessions, '2', 'a');
    expect(sessions.refusal('a')).toMatchObject({ status: 429, retryAfterS: 1 });
    expect(sessions.refusal('b')).toBeUndefined();
    open(sessions, '3', 'b');
    expect(sessions.refusal('c')).toMatchObject({ status: 503 });
    // Session 1 idles out; its transport's close removes it, as the HTTP server's onclose does.
    now += 1_000;
    sessions.closeIdle();
    sessions.delete('1');
    expect(sessions.refusal('c')).toBeUndefined();
    expect(sessions.refusal('a')).toBeUndefined();
  });
});
