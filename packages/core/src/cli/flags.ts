/**
 * One argument grammar for every bin of the kit: `--name value`, `--name=value`, `-x value`,
 * boolean switches, repeatable lists. Unknown options, positionals and missing values are
 * `UsageError`s. Portable (no `node:util`), so the same rules hold wherever the code runs.
 */
import { UsageError } from './usage-error.js';

export interface FlagSpec {
  kind: 'string' | 'boolean' | 'list';
  /** A one-letter alias, e.g. `h` for `-h`. */
  short?: string;
}

export type FlagSpecs = Record<string, FlagSpec>;

export type FlagValues<F extends FlagSpecs> = {
  [K in keyof F]?: F[K]['kind'] extends 'boolean' ? true : F[K]['kind'] extends 'list' ? string[] : string;
};

/** `--help`/`-h` and `--version`/`-v`: every bin has them. */
export const STANDARD_FLAGS = {
  help: { kind: 'boolean', short: 'h' },
  version: { kind: 'boolean', short: 'v' },
} as const satisfies FlagSpecs;

export function parseFlags<F extends FlagSpecs>(argv: readonly string[], specs: F): FlagValues<F & typeof STANDARD_FLAGS> {
  const all: FlagSpecs = { ...specs, ...STANDARD_FLAGS };
  const byShort = new Map(Object.entries(all).flatMap(([name, spec]) => (spec.short ? [[spec.short, name] as const] : [])));
  const values: Record<string, true | string | string[]> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const long = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/s.exec(arg);
    const short = /^-([a-zA-Z])$/.exec(arg);
    const name = long?.[1] ?? (short ? byShort.get(short[1] as string) : undefined);
    const spec = name === undefined ? undefined : all[name];
    if (name === undefined || spec === undefined) {
      throw new UsageError(arg.startsWith('-') ? `unknown option ${arg}` : `unexpected argument "${arg}"`);
    }
    const inline = long?.[2];
    if (spec.kind === 'boolean') {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      values[name] = true;
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) throw new UsageError(`--${name} needs a value`);
    if (spec.kind === 'list') values[name] = [...((values[name] as string[] | undefined) ?? []), value];
    else values[name] = value;
  }
  return values as FlagValues<F & typeof STANDARD_FLAGS>;
}
