/** Long-running bins of the installed project (the simulator, the proxy), started as the READMEs say and stopped whole. */
import { type ChildProcess, spawn } from 'node:child_process';
import type { InstalledProject } from './project.js';

export interface RunningBin {
  /** The URL from its `… listening on URL` line (or the line `ready` names). */
  url: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** A folder of the project to run in. Default: the project. */
  cwd?: string;
  /** The line that says it serves, its URL captured. Default: `… listening on URL`. */
  ready?: RegExp;
}

/** Runs `command args` in the project (npx runs the bin in a child: it gets a process group to stop). */
export function startBin(
  project: InstalledProject,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  { cwd = project.dir, ready = /listening on (http:\/\/\S+)/ }: StartOptions = {},
): Promise<RunningBin> {
  const child = spawn(command, args, {
    cwd,
    env: { ...project.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  return new Promise<RunningBin>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (!match) return;
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      resolve({ url: match[1] as string, stop: () => stopGroup(child) });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`)));
  });
}

function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-(child.pid as number), 'SIGTERM');
  return exited;
}
