/**
 * The shared `main` of the kit's bins: `--help` and `--version` answer on stdout with exit 0, a
 * `UsageError` is printed with a pointer to `--help` and exits 2, any other failure exits 1. The
 * process is passed in (structurally), so this module stays free of Node globals.
 */
import { type FlagSpecs, type FlagValues, parseFlags, type STANDARD_FLAGS } from './flags.js';
import { UsageError } from './usage-error.js';

export interface CliProcess {
  argv: readonly string[];
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  exitCode?: number | string | null | undefined;
}

export interface CliSpec<F extends FlagSpecs> {
  /** The bin's name, first word of every message. */
  name: string;
  version: string;
  usage: string;
  flags: F;
}

export async function runCli<F extends FlagSpecs>(
  proc: CliProcess,
  spec: CliSpec<F>,
  main: (flags: FlagValues<F & typeof STANDARD_FLAGS>) => Promise<void> | void,
): Promise<void> {
  try {
    const flags = parseFlags(proc.argv.slice(2), spec.flags);
    if (flags.help) {
      proc.stdout.write(`${spec.usage.trimEnd()}\n`);
      return;
    }
    if (flags.version) {
      proc.stdout.write(`${spec.version}\n`);
      return;
    }
    await main(flags);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof UsageError) {
      proc.stderr.write(`${spec.name}: ${message}\nRun ${spec.name} --help for usage.\n`);
      proc.exitCode = 2;
    } else {
      proc.stderr.write(`${spec.name}: ${message}\n`);
      proc.exitCode = 1;
    }
  }
}
