import { describe, expect, it } from 'vitest';
import { listedJobs } from './listed-jobs.js';

const job = (prediction_id: string, created_at: string) => ({ prediction_id, status: 'processing', output: null, error: null, created_at });

describe('listedJobs', () => {
  it('sorts the list newest first itself: the service does not document its order', () => {
    const body = {
      predictions: [job('b', '2025-01-15T12:00:02Z'), job('c', '2025-01-15T12:00:03Z'), job('a', '2025-01-15T12:00:01Z')],
      count: 3,
    };
    expect(listedJobs(body)?.map((listed) => listed.id)).toEqual(['c', 'b', 'a']);
  });

  it('reads nothing from a body that is not the list', () => {
    expect(listedJobs({ error: 'Internal server error' })).toBeUndefined();
    expect(listedJobs(null)).toBeUndefined();
    expect(listedJobs({ predictions: [{ prediction_id: 'x' }] })).toBeUndefined();
    expect(listedJobs({ predictions: [job('x', 'yesterday')] })).toBeUndefined();
  });
});
