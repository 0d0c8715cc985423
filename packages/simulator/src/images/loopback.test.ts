import { describe, expect, it } from 'vitest';
import { isLoopbackHost, isLoopbackOrigin } from './loopback.js';

describe('loopback hosts (what a simulator on loopback fetches without a flag)', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST', '::ffff:127.0.0.1'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(['0.0.0.0', '::', '10.0.0.1', '192.168.1.2', '169.254.169.254', 'fd00:ec2::254', 'example.com', 'localhost.evil.example'])(
    '%s is not',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    },
  );

  it('judges an origin by its host', () => {
    expect(isLoopbackOrigin('http://127.0.0.1:8787')).toBe(true);
    expect(isLoopbackOrigin('http://[::1]:3000')).toBe(true);
    expect(isLoopbackOrigin('http://192.168.0.10:3000')).toBe(false);
    expect(isLoopbackOrigin('not a url')).toBe(false);
  });
});
