/**
 * A throwaway `redis-server` on a free loopback port for the Redis tests (the proxy's store, the CLI's queue): without
 * persistence, or, given a `dataDir`, with an append-only file synced on every write (what the
 * docs advise for exactly-once across Redis restarts), so a server killed with SIGKILL comes back
 * with its data. A missing redis-server fails the suite with install instructions (the kit's
 * `redisServerPath`): these tests are the proof that instances share state, so they must never be
 * skipped quietly.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createConnection } from 'node:net';
import { freePort } from './free-port.js';
import { redisServerPath } from './system.js';

export interface RunningRedis {
  url: string;
  port: number;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
  /** SIGKILL (`kill -9`: no shutdown of any kind), and waits for the exit. */
  kill(): Promise<void>;
}

export interface RedisServerOptions {
  /** Bring a stopped server back where its clients expect it. Default: a free port. */
  port?: number;
  /** Persist to an append-only file in this directory (fsync on every write). Default: no persistence. */
  dataDir?: string;
}

const START_TIMEOUT_MS = 60_000;

export async function startRedisServer(options: RedisServerOptions = {}): Promise<RunningRedis> {
  const binary = redisServerPath();
  const persistence = options.dataDir
    ? ['--dir', options.dataDir, '--appendonly', 'yes', '--appendfsync', 'always']
    : ['--appendonly', 'no'];
  if (options.port !== undefined) return startOn(binary, options.port, persistence);
  // Another process may take the free port between probe and bind: try a few ports.
  let lastError: Error | undefined;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      return await startOn(binary, await freePort(), persistence);
    } catch (error) {
      lastError = error as Error;
    }
  }
  throw lastError ?? new Error('redis-server did not start');
}

async function startOn(binary: string, port: number, persistence: string[]): Promise<RunningRedis> {
  const child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence, '--daemonize', 'no', '--logfile', ''],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Error>((resolve) => {
    child.once('error', (error) => resolve(new Error(`redis-server failed to start: ${error.message}`)));
    child.once('exit', (code) => resolve(new Error(`redis-server exited (code ${code}) before answering:\n${output.slice(-2_000)}`)));
  });
  const ready = waitForOwnServer(port, child.pid);
  try {
    const failed = await Promise.race([ready.then(() => undefined), exited]);
    if (failed) throw failed;
  } catch (error) {
    ready.cancel();
    await stop(child);
    throw error;
  }
  return { url: `redis://127.0.0.1:${port}`, port, stop: () => stop(child), kill: () => stop(child, 'SIGKILL') };
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

/**
 * Asks until this child answers (a condition, checked every 20 ms, with a deadline). The answer must
 * name the child's process id: when another test run's server holds the port, ours exits, and a plain
 * PING would be answered by theirs — whose stop later looks like an outage in the middle of our test.
 */
function waitForOwnServer(port: number, pid: number | undefined): Promise<void> & { cancel(): void } {
  let cancelled = false;
  const deadline = Date.now() + START_TIMEOUT_MS;
  const run = async (): Promise<void> => {
    while (!cancelled) {
      if (await answers(port, pid)) return;
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer within ${START_TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return Object.assign(run(), { cancel: () => (cancelled = true) });
}

/** Whether the server on `port` is the process `pid` (its INFO names it). */
function answers(port: number, pid: number | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('INFO server\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      // An error (e.g. -LOADING) is not an answer yet; a bulk reply is complete once process_id's line is.
      if (reply.startsWith('-')) done(false);
      else if (/\r\nprocess_id:\d+\r\n/.test(reply)) done(reply.includes(`\r\nprocess_id:${pid}\r\n`));
    });
  });
}
