import { resolve } from 'node:path';
import { parseFlags, UsageError } from '@room-restyler/core/cli';
import { describe, expect, it } from 'vitest';
import { commandFromFlags, MCP_FLAGS } from './args.js';

const parseCliArgs = (argv: string[]) => commandFromFlags(parseFlags(argv, MCP_FLAGS));

describe('room-restyler-mcp arguments', () => {
  it('default to stdio, and take --http with port, host and extra allowed hosts', () => {
    expect(parseCliArgs([])).toEqual({ kind: 'stdio' });
    expect(parseCliArgs(['--http'])).toEqual({
      kind: 'http',
      port: 3333,
      host: '127.0.0.1',
      allowedHosts: [],
      stateless: false,
      files: 'off',
      byok: false,
      authorizationServers: [],
      publicUrl: undefined,
      sessions: { idleMs: 30 * 60_000, max: 1000, maxPerCaller: 20 },
    });
    expect(parseCliArgs(['--http', '--port', '0', '--host', '0.0.0.0', '--allowed-host', 'a.test', '--allowed-host', 'b.test'])).toEqual({
      kind: 'http',
      port: 0,
      host: '0.0.0.0',
      allowedHosts: ['a.test', 'b.test'],
      stateless: false,
      files: 'off',
      byok: false,
      authorizationServers: [],
      publicUrl: undefined,
      sessions: { idleMs: 30 * 60_000, max: 1000, maxPerCaller: 20 },
    });
    expect(parseCliArgs(['--http', '--stateless', '--files-root', '/srv/photos'])).toMatchObject({
      stateless: true,
      files: { root: '/srv/photos' },
    });
    expect(parseCliArgs(['--http', '--files-root', 'photos'])).toMatchObject({ files: { root: resolve('photos') } });
  });

  it('take --byok, the OAuth issuers and the public URL of the metadata', () => {
    expect(
      parseCliArgs(['--http', '--byok', '--oauth-issuer', 'https://auth.example.com', '--public-url', 'https://mcp.example.com/mcp']),
    ).toMatchObject({ byok: true, authorizationServers: ['https://auth.example.com'], publicUrl: 'https://mcp.example.com/mcp' });
    expect(() => parseCliArgs(['--byok'])).toThrow(/need --http/);
    expect(() => parseCliArgs(['--http', '--oauth-issuer', 'not a url'])).toThrow(/--oauth-issuer/);
  });

  it('take the session limits: idle minutes and caps, within sane bounds', () => {
    expect(
      parseCliArgs(['--http', '--session-idle-minutes', '5', '--max-sessions', '200', '--max-sessions-per-caller', '3']),
    ).toMatchObject({
      sessions: { idleMs: 5 * 60_000, max: 200, maxPerCaller: 3 },
    });
    expect(() => parseCliArgs(['--http', '--session-idle-minutes', '0'])).toThrow(/--session-idle-minutes/);
    expect(() => parseCliArgs(['--max-sessions', '5'])).toThrow(/need --http/);
  });

  it('refuse what they do not understand with a usage error', () => {
    expect(() => parseCliArgs(['--port', '80'])).toThrow(/need --http/);
    expect(() => parseCliArgs(['--files-root', '/srv'])).toThrow(/need --http/);
    expect(() => parseCliArgs(['--http', '--port', 'eighty'])).toThrow(UsageError);
    expect(() => parseCliArgs(['--verbose'])).toThrow(UsageError);
  });
});
