import { afterEach, expect } from 'vitest';
import { takeLeaks } from './key-guard.js';

afterEach(() => {
  expect(takeLeaks(), 'the API key appeared in a response or a log line').toEqual([]);
});
