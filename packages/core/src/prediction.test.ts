import { describe, expect, it } from 'vitest';
import { isKnownStatus, normalizePrediction, predictionOutcome, requestIdOf } from './prediction.js';

describe('reading predictions', () => {
  it.each([
    [{ status: 'succeeded', output: ['u'] }, 'succeeded'],
    [{ status: 'failed', error: 'x' }, 'failed'],
    [{ status: 'canceled' }, 'failed'],
    [{ status: 'starting' }, 'running'],
    [{ status: 'in_queue' }, 'running'],
    [{ status: 'errored_out', error: 'GPU lost', completed_at: '2026-11-21T10:00:00Z' }, 'failed'],
    // A status this client does not know ends the job as soon as it carries an error or a completion time.
    [{ status: 'errored_out', error: 'GPU lost' }, 'failed'],
    [{ status: 'done', completed_at: '2026-11-21T10:00:00Z', output: ['u'] }, 'failed'],
    [{ status: 'Processing', completed_at: '2026-11-21T10:00:00Z' }, 'running'],
    [{ status: 'SUCCEEDED' }, 'succeeded'],
    [{ status: 'Cancelled' }, 'failed'],
    [{ status: 'error' }, 'failed'],
    [{ status: 'errored' }, 'failed'],
    [{}, 'running'],
  ])('%j is %s', (raw, outcome) => {
    expect(predictionOutcome(normalizePrediction(raw))).toBe(outcome);
  });

  it('reads every id spelling of an acknowledgement, the first non-empty string one', () => {
    expect(requestIdOf({ request_id: 'a', requestId: 'b' })).toBe('a');
    expect(requestIdOf({ requestId: 'b' })).toBe('b');
    expect(requestIdOf({ id: 'c' })).toBe('c');
    expect(requestIdOf({ request_id: '', requestId: 7, id: 'c' })).toBe('c');
    expect(requestIdOf({ request_id: '' })).toBeUndefined();
    expect(requestIdOf(['a'])).toBeUndefined();
    expect(requestIdOf('a')).toBeUndefined();
    expect(requestIdOf(null)).toBeUndefined();
  });

  it("keeps only the spec's fields of a prediction, and only string outputs", () => {
    expect(
      normalizePrediction({ request_id: 'c', status: 'succeeded', output: ['x', 3, null], completed_at: '2026-01-01T00:00:00Z', cost: 1 }),
    ).toEqual({ status: 'succeeded', output: ['x'], completed_at: '2026-01-01T00:00:00Z' });
    expect(normalizePrediction({ status: 'succeeded', output: 'single' }).output).toEqual(['single']);
    expect(normalizePrediction({ status: 'succeeded', output: { url: 'x' } }).output).toEqual([]);
    // No field is set that the answer did not carry (toStrictEqual: not even as undefined).
    expect(normalizePrediction({ status: 'failed', error: 'Could not fetch image_url', output: null })).toStrictEqual({
      status: 'failed',
      error: 'Could not fetch image_url',
    });
    expect(normalizePrediction({ status: 'processing', completed_at: 5, error: null })).toStrictEqual({ status: 'processing' });
  });

  it.each([null, 'succeeded', ['succeeded'], { status: 3 }])('reads %j as a prediction whose status is unknown', (raw) => {
    expect(normalizePrediction(raw)).toStrictEqual({ status: 'unknown' });
  });

  it.each([
    ['starting', true],
    ['processing', true],
    ['succeeded', true],
    ['failed', true],
    ['canceled', true],
    ['Errored', true],
    ['queued', false],
    ['unknown', false],
  ])('%s is a status this client knows: %s', (status, known) => {
    expect(isKnownStatus(status)).toBe(known);
  });
});
