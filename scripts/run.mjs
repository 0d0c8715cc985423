// Runs commands from the repository root with their output shown.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

export function run(command, args, options = {}) {
  const status = attempt(command, args, options);
  if (status !== 0) process.exit(status);
}

/** Runs a command like `run`, but returns its exit status instead of ending the script. */
export function attempt(command, args, options = {}) {
  console.log(`$ ${[command, ...args].join(' ')}`);
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options }).status ?? 1;
}

/** Starts a command like `attempt` without waiting for it: resolves to its exit status. */
export function start(command, args, options = {}) {
  console.log(`$ ${[command, ...args].join(' ')}`);
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
  return new Promise((resolve) => child.on('close', (status) => resolve(status ?? 1)));
}
