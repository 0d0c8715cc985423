import { takeLeaks } from '@room-restyler/test-kit';
import { afterEach, expect } from 'vitest';

afterEach(() => {
  expect(takeLeaks(), 'the API key appeared in a response or a log line').toEqual([]);
});
