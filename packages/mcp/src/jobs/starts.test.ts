import { describe, expect, it } from 'vitest';
import { startsFor } from './starts.js';

describe('startsFor', () => {
  it('shares one ledger per account (service and key), and keeps the accounts of sessions bringing their own keys apart', () => {
    const service = 'https://api.example.com';
    expect(startsFor(service, 'key-a')).toBe(startsFor(service, 'key-a'));
    expect(startsFor(service, 'key-a')).not.toBe(startsFor(service, 'key-b'));
    expect(startsFor(service, 'key-a')).not.toBe(startsFor('https://other.example.com', 'key-a'));
  });
});
