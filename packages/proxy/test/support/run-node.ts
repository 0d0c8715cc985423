/** An entry point in a child Node process (a .ts one through tsx), optionally with packages hidden as if not installed. */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const HIDE_PACKAGES = fileURLToPath(new URL('./hide-packages.mjs', import.meta.url));

export interface RunOptions {
  env?: Record<string, string>;
  /** Packages that fail to resolve in the child, as when they are not installed. */
  hide?: readonly string[];
}

/** Runs `script` with `args`; the child inherits no ROOM_* setting of the test's own environment. */
export function runNode(script: string, args: readonly string[] = [], options: RunOptions = {}): ChildProcess {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('ROOM_')));
  const hide = options.hide ?? [];
  const loaders = [...(script.endsWith('.ts') ? ['--import', 'tsx'] : []), ...(hide.length ? ['--import', HIDE_PACKAGES] : [])];
  return spawn(process.execPath, [...loaders, script, ...args], {
    env: { ...inherited, ...options.env, HIDE_PACKAGES: hide.join(',') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** What a child wrote on stdout, as it arrives. */
export function collect(stream: NodeJS.ReadableStream | null): { text: string } {
  const out = { text: '' };
  stream?.on('data', (chunk: Buffer) => (out.text += chunk.toString()));
  return out;
}

export interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Waits for the child to exit; resolves with its exit code and everything it wrote. */
export async function exited(child: ChildProcess): Promise<Exit> {
  const stdout = collect(child.stdout);
  const stderr = collect(child.stderr);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/**
 * The first `http://…` URL the child prints (a server's "listening on" line); rejects, with what it
 * wrote, when it exits first. No deadline of its own: a loaded machine may take long to start Node,
 * and the test's timeout is the safety net.
 */
export function listeningUrl(child: ChildProcess): Promise<string> {
  const out = collect(child.stdout);
  const err = collect(child.stderr);
  return new Promise((resolve, reject) => {
    const onData = () => {
      const url = /(http:\/\/\S+)/.exec(out.text)?.[1];
      if (!url) return;
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      resolve(url);
    };
    const onExit = (code: number | null) =>
      reject(new Error(`the server process exited (${code}) before it listened:\n${out.text}\n${err.text}`));
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}
