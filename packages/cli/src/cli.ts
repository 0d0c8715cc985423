#!/usr/bin/env node
/** `room-restyler`: the kit's command line for people with a folder of photos. */
import { readInteger, readUrl, runCli, UsageError } from '@room-restyler/core/cli';
import { readOperation, readStyles, STAGE_FLAGS, splitArgs, USAGE } from './args.js';
import { stage } from './stage.js';
import { VERSION } from './version.js';

const { command, photos, flags } = splitArgs(process.argv.slice(2));
const proc = {
  argv: [...process.argv.slice(0, 2), ...flags],
  stdout: process.stdout,
  stderr: process.stderr,
  exitCode: 0 as number | string | null | undefined,
};
const interrupted = new AbortController();
process.once('SIGINT', () => interrupted.abort());

await runCli(proc, { name: 'room-restyler', version: VERSION, usage: USAGE, flags: STAGE_FLAGS }, async (values) => {
  if (command !== 'stage') throw new UsageError(command === undefined ? 'name a command: stage' : `unknown command "${command}"`);
  if (!values.out) throw new UsageError('stage needs --out DIR');
  proc.exitCode = await stage(
    {
      photos,
      styles: values.resume && !values.style && !values.styles ? [] : readStyles(values.style, values.styles),
      operation: readOperation(values.operation),
      out: values.out,
      yes: values.yes === true,
      resume: values.resume === true,
      json: values.json === true,
      concurrency: values.concurrency === undefined ? 4 : readInteger('--concurrency', values.concurrency, 1, 32),
      proxy: values.proxy === undefined ? undefined : readUrl('--proxy', values.proxy),
      serverToken: values['server-token'] ?? process.env.ROOM_UPLOAD_TOKEN,
      simulate: values.simulate === true,
      queue: values.queue,
    },
    { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, signal: interrupted.signal },
  );
});
process.exitCode = proc.exitCode ?? 0;
