import { describe, expect, it } from 'vitest';
import { normalizePrediction, predictionOutcome, requestIdOf } from './prediction.js';

describe('reading predictions', () => {
  it.each([
    [{ status: 'succeeded', output: ['u'] }, 'succeeded'],
    [{ status: 'failed', error: 'x' }, 'failed'],
    [{ status: 'canceled' }, 'failed'],
    [{ status: 'starting' }, 'running'],
    [{ status: 'in_queue' }, 'running'],
    [{ status: 'errored_out', error: 'GPU lost', completed_at: '2026-11-21T10:00:00Z' }, 'failed'],
    [{}, 'running'],
  ])('%j is %s', (raw, outcome) => {
    expect(predictionOutcome(normalizePrediction(raw))).toBe(outcome);
  });

  it('reads both id spellings and keeps only string outputs', () => {
    expect(requestIdOf({ request_id: 'a' })).toBe('a');
    expect(requestIdOf({ requestId: 'b' })).toBe('b');
    expect(normalizePrediction({ requestId: 'c', status: 'succeeded', output: ['x', 3, null] })).toMatchObject({ id: 'c', output: ['x'] });
    expect(normalizePrediction({ status: 'succeeded', output: 'single' }).output).toEqual(['single']);
  });
});
