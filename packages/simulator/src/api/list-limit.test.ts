import { describe, expect, it } from 'vitest';
import { readLimit } from './list-limit.js';

const read = (query: string) => readLimit(new URLSearchParams(query), { kitRules: true });
const readDocumented = (query: string) => readLimit(new URLSearchParams(query), { kitRules: false });

describe('readLimit with the kit’s rules', () => {
  it('is 20 when absent, and any integer from 1 to 100 when given', () => {
    expect(read('')).toEqual({ ok: true, limit: 20 });
    expect(read('other=1')).toEqual({ ok: true, limit: 20 });
    expect(read('limit=1')).toEqual({ ok: true, limit: 1 });
    expect(read('limit=100')).toEqual({ ok: true, limit: 100 });
  });

  it.each(['limit=0', 'limit=101', 'limit=', 'limit=2.5', 'limit=-1', 'limit=1e2', 'limit=%205', 'limit=ten', 'limit=5&limit=6'])(
    'refuses %s',
    (query) => {
      expect(read(query)).toEqual({ ok: false, error: 'limit must be an integer from 1 to 100' });
    },
  );
});

describe('readLimit as the service documents it (the default: at most 100)', () => {
  it('takes any integer of at most 100; one below 1 lists nothing', () => {
    expect(readDocumented('')).toEqual({ ok: true, limit: 20 });
    expect(readDocumented('limit=100')).toEqual({ ok: true, limit: 100 });
    expect(readDocumented('limit=0')).toEqual({ ok: true, limit: 0 });
    expect(readDocumented('limit=-1')).toEqual({ ok: true, limit: 0 });
  });

  it.each(['limit=101', 'limit=', 'limit=2.5', 'limit=ten', 'limit=5&limit=6'])('refuses %s', (query) => {
    expect(readDocumented(query)).toEqual({ ok: false, error: 'limit must be an integer of at most 100' });
  });
});
