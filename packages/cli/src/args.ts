/** `room-restyler stage <photo or URL>... [options]`: the command and its photos, apart from the flags core's grammar reads. */
import { type FlagSpecs, UsageError } from '@room-restyler/core/cli';

export const STAGE_FLAGS = {
  style: { kind: 'string' },
  styles: { kind: 'string' },
  operation: { kind: 'string' },
  out: { kind: 'string' },
  yes: { kind: 'boolean', short: 'y' },
  resume: { kind: 'boolean' },
  json: { kind: 'boolean' },
  concurrency: { kind: 'string' },
  proxy: { kind: 'string' },
  'server-token': { kind: 'string' },
  simulate: { kind: 'boolean' },
  queue: { kind: 'string' },
} as const satisfies FlagSpecs;

export const OPERATIONS = ['restyle', 'enhance', 'stage'] as const;
export type StageOperation = (typeof OPERATIONS)[number];

export const USAGE = `room-restyler — stage a whole listing: many photos in many styles, priced first, resumable

Usage:
  room-restyler stage <photo or URL>... --style S [--styles a,b,c] [--operation restyle|enhance|stage]
                      --out DIR [--yes] [--resume] [--json] [--concurrency N]
                      [--proxy URL [--server-token T]] [--simulate] [--queue redis://…]
  room-restyler --help | --version

Commands:
  stage          every photo in every style: shows the plan (items, credits, balance), asks to confirm,
                 runs with live progress, writes DIR/<photo>-<style>.jpg, DIR/report.json and DIR/index.html
                 (before/after pairs); exit 0 only when every item succeeded

Options:
  --style S           the style (repeat with --styles for several)
  --styles a,b,c      several styles, comma-separated
  --operation OP      restyle (default: redesign a furnished room), enhance (mode restyle), stage (furnish an empty room)
  --out DIR           where the images, report.json, index.html and the batch's journal go
  -y, --yes           do not ask: run the plan (for scripts)
  --resume            continue the batch journalled in DIR (no item is started twice)
  --json              print the report as JSON on stdout (progress stays on stderr)
  --concurrency N     items in flight at most (1-32, default 4; lowered while the service answers 429)
  --proxy URL         a room-restyler-proxy whose upload route takes the local photos
  --server-token T    its upload token (also ROOM_UPLOAD_TOKEN)
  --simulate          run an in-process simulator of the service (no key; local photos served to it from here)
  --queue URL         keep the batch on this Redis with BullMQ (needs the bullmq package): every machine
                      running the same command (same --out name; --resume on the others) shares the work
  -h, --help          show this help
  -v, --version       print the version

Environment: ROOM_API_KEY (required unless --simulate), ROOM_API_BASE_URL (default the service's),
ROOM_UPLOAD_TOKEN (the proxy's upload token).`;

/** The command and photos (positionals), and the flags left for core's grammar. */
export function splitArgs(args: readonly string[]): { command: string | undefined; photos: string[]; flags: string[] } {
  const takesValue = new Set(
    Object.entries(STAGE_FLAGS)
      .filter(([, spec]) => spec.kind !== 'boolean')
      .map(([name]) => `--${name}`),
  );
  const positionals: string[] = [];
  const flags: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith('-') || arg === '-') positionals.push(arg);
    else if (takesValue.has(arg) && i + 1 < args.length) flags.push(arg, args[++i] as string);
    else flags.push(arg);
  }
  const [command, ...photos] = positionals;
  return { command, photos, flags };
}

export function readStyles(style: string | undefined, styles: string | undefined): string[] {
  const all = [style, ...(styles?.split(',') ?? [])].map((name) => name?.trim()).filter((name): name is string => !!name);
  if (all.length === 0) throw new UsageError('stage needs a style: --style S or --styles a,b,c');
  return [...new Set(all)];
}

export function readOperation(value: string | undefined): StageOperation {
  const operation = value ?? 'restyle';
  if (!(OPERATIONS as readonly string[]).includes(operation))
    throw new UsageError(`--operation must be one of ${OPERATIONS.join(', ')}, got "${operation}"`);
  return operation as StageOperation;
}
