import { describe, expect, it } from 'vitest';
import { parseFlags } from './flags.js';
import { UsageError } from './usage-error.js';

const specs = { port: { kind: 'string' }, simulate: { kind: 'boolean' }, 'api-key': { kind: 'list' } } as const;

describe('parseFlags', () => {
  it('reads --name value, --name=value, switches and repeated lists', () => {
    expect(parseFlags(['--port', '0', '--simulate', '--api-key=a', '--api-key', 'b'], specs)).toEqual({
      port: '0',
      simulate: true,
      'api-key': ['a', 'b'],
    });
  });

  it('knows --help/-h and --version/-v for every bin', () => {
    expect(parseFlags(['-h'], specs)).toEqual({ help: true });
    expect(parseFlags(['--version'], specs)).toEqual({ version: true });
    expect(parseFlags(['-v'], specs)).toEqual({ version: true });
  });

  it('keeps a value that starts with a dash when given inline, or after the flag when it is no option', () => {
    expect(parseFlags(['--port=-1'], specs)).toEqual({ port: '-1' });
    expect(parseFlags(['--port', '-1'], specs)).toEqual({ port: '-1' });
    expect(parseFlags(['--port=--x'], specs)).toEqual({ port: '--x' });
  });

  it('refuses a UsageError by that name (the bins print it and exit 2)', () => {
    expect(() => parseFlags(['-x'], specs)).toThrow(expect.objectContaining({ name: 'UsageError' }));
  });

  it.each([
    [['--prot', '1'], 'unknown option --prot'],
    [['-x'], 'unknown option -x'],
    [['serve'], 'unexpected argument "serve"'],
    [['--port'], '--port needs a value'],
    [['--port', '--simulate'], '--port needs a value'],
    [['--simulate=yes'], '--simulate takes no value'],
    [['x--port', '1'], 'unexpected argument "x--port"'],
    [['--port!', '1'], 'unknown option --port!'],
    [['x-h'], 'unexpected argument "x-h"'],
    [['-hv'], 'unknown option -hv'],
  ])('refuses %j with "%s"', (argv, message) => {
    expect(() => parseFlags(argv, specs)).toThrow(new UsageError(message));
  });
});
