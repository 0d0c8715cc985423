#!/usr/bin/env node
import { type CliCommand, CliUsageError, parseCliArgs, USAGE } from './cli-args.js';
/** `room-restyler-sim`: runs the simulator until SIGINT/SIGTERM. Exit 2 on bad flags, 1 if it cannot listen. */
import { banner } from './cli-banner.js';
import { startSimulator } from './simulator.js';

async function main(): Promise<void> {
  let command: CliCommand;
  try {
    command = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    process.stderr.write(`room-restyler-sim: ${error.message}\nRun room-restyler-sim --help for usage.\n`);
    process.exitCode = 2;
    return;
  }
  if (command.kind === 'help') {
    process.stdout.write(USAGE);
    return;
  }

  const { options } = command;
  const simulator = await startSimulator({ ...options, log: (line) => process.stderr.write(`[sim] ${line}\n`) });
  const keys = (options.accounts ?? []).map((a) => a.apiKey);
  process.stdout.write(banner(simulator.url, keys, options.accounts?.[0]?.credits ?? 0, options.latencyMs, simulator.stats().seed));

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(130); // a second Ctrl-C does not wait
    stopping = true;
    process.stderr.write(`[sim] ${signal}: shutting down\n`);
    void simulator.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`room-restyler-sim: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
