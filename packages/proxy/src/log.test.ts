import { describe, expect, it } from 'vitest';
import { type LogEntry, redactingLogger } from './log.js';

const KEY = 'rr_live_secret_key_0123';

function logged(entry: LogEntry): LogEntry | undefined {
  let seen: LogEntry | undefined;
  redactingLogger((line) => (seen = line), [KEY])(entry);
  return seen;
}

describe('redactingLogger', () => {
  it('passes entries without the key through untouched', () => {
    const entry: LogEntry = { level: 'info', msg: 'request', method: 'GET', status: 200, ms: 1 };
    expect(logged(entry)).toBe(entry);
  });

  it('redacts the key wherever an entry holds it: a field, a nested value, a field name', () => {
    const entries: LogEntry[] = [
      { level: 'error', msg: 'upstream failed', error: `401 for Bearer ${KEY}` },
      { level: 'error', msg: 'upstream failed', detail: { headers: [`authorization: Bearer ${KEY}`] } },
      { level: 'warn', msg: 'odd', [KEY]: true },
    ];
    for (const entry of entries) {
      const line = JSON.stringify(logged(entry));
      expect(line).not.toContain(KEY);
      expect(line).toContain('[redacted]');
    }
  });

  it('keeps a failing sink or an unserializable entry from throwing into the request', () => {
    const log = redactingLogger(() => {
      throw new Error('disk full');
    }, [KEY]);
    expect(() => log({ level: 'info', msg: 'request' })).not.toThrow();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => redactingLogger(() => {}, [KEY])({ level: 'error', msg: 'odd', circular })).not.toThrow();
  });
});
