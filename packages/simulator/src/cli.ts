#!/usr/bin/env node
/** `room-restyler-sim`: runs the simulator until SIGINT/SIGTERM. Exit 2 on bad flags, 1 if it cannot listen. */
import { listenFailure, runCli } from '@room-restyler/core/cli';
import { banner } from './cli/banner.js';
import { optionsFromFlags, SIMULATOR_FLAGS, USAGE } from './cli/options.js';
import { startSimulator } from './simulator.js';
import { VERSION } from './version.js';

await runCli(process, { name: 'room-restyler-sim', version: VERSION, usage: USAGE, flags: SIMULATOR_FLAGS }, async (flags) => {
  const options = optionsFromFlags(flags);
  const simulator = await startSimulator({ ...options, log: (line) => process.stderr.write(`[sim] ${line}\n`) }).catch((error: unknown) => {
    const failure = error as NodeJS.ErrnoException;
    throw failure.syscall === 'listen' ? new Error(listenFailure(failure, options.port, options.host), { cause: error }) : error;
  });
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
});
