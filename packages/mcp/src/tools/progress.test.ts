import { GENERATION_PHASES } from '@room-restyler/core';
import { describe, expect, it } from 'vitest';
import { describeStep } from './progress.js';

describe('progress messages', () => {
  it("speak core's phases: the job's end is `succeeded`, shown as Done without a time left", () => {
    expect(describeStep({ phase: 'succeeded', elapsedMs: 12_400, estimatedRemainingMs: 0, status: 'succeeded' })).toBe(
      'Done (succeeded): 12 s elapsed',
    );
    expect(describeStep({ phase: 'generating', elapsedMs: 3_000, estimatedRemainingMs: 9_500, status: 'processing' })).toBe(
      'Generating (processing): 3 s elapsed, about 10 s left',
    );
    expect(describeStep({ phase: 'generating', elapsedMs: 31_000, estimatedRemainingMs: 0 })).toBe(
      'Generating: 31 s elapsed, finishing any moment',
    );
  });

  it('open with a word for every phase', () => {
    const words = GENERATION_PHASES.map((phase) => describeStep({ phase, elapsedMs: 0 }).split(':')[0]);
    expect(words).toEqual(['Uploading', 'Starting', 'Generating', 'Downloading', 'Done', 'Failed']);
  });
});
