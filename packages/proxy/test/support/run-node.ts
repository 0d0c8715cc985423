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

/** The first `http://…` URL the child prints (a server's "listening on" line); rejects when it exits first. */
export async function listeningUrl(child: ChildProcess, timeoutMs = 15_000): Promise<string> {
  const out = collect(child.stdout);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const url = /(http:\/\/\S+)/.exec(out.text)?.[1];
    if (url) return url;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server process did not start:\n${out.text}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
