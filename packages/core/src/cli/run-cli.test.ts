import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { UsageError } from './usage-error.js';

function fakeProcess(...args: string[]) {
  const out = { stdout: '', stderr: '' };
  const proc = {
    argv: ['node', 'bin', ...args],
    stdout: { write: (text: string) => (out.stdout += text) },
    stderr: { write: (text: string) => (out.stderr += text) },
    exitCode: undefined as number | string | null | undefined,
  };
  return { proc, out };
}

const spec = {
  name: 'room-restyler-x',
  version: '1.2.3',
  usage: 'Usage: room-restyler-x [--port N]\n',
  flags: { port: { kind: 'string' } },
} as const;

describe('runCli', () => {
  it('answers --help and --version on stdout without running main', async () => {
    for (const [flag, expected] of [
      ['--help', 'Usage: room-restyler-x [--port N]\n'],
      ['--version', '1.2.3\n'],
    ] as const) {
      const { proc, out } = fakeProcess(flag);
      let ran = false;
      await runCli(proc, spec, () => {
        ran = true;
      });
      expect([out.stdout, ran, proc.exitCode]).toEqual([expected, false, undefined]);
    }
  });

  it('exits 2 on a bad flag or value, naming it and pointing at --help', async () => {
    const bad = fakeProcess('--prot', '1');
    await runCli(bad.proc, spec, () => undefined);
    expect(bad.proc.exitCode).toBe(2);
    expect(bad.out.stderr).toBe('room-restyler-x: unknown option --prot\nRun room-restyler-x --help for usage.\n');

    const env = fakeProcess();
    await runCli(env.proc, spec, () => {
      throw new UsageError('ROOM_PROXY_TRUST_PROXY must be true or false, got "yes"');
    });
    expect(env.proc.exitCode).toBe(2);
    expect(env.out.stderr).toContain('ROOM_PROXY_TRUST_PROXY must be true or false, got "yes"');
  });

  it('exits 1 when main fails for another reason', async () => {
    const { proc, out } = fakeProcess('--port', '1');
    await runCli(proc, spec, (flags) => {
      throw new Error(`port ${flags.port} is taken`);
    });
    expect([proc.exitCode, out.stderr]).toEqual([1, 'room-restyler-x: port 1 is taken\n']);
  });
});
