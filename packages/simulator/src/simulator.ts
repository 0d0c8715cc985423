/** `startSimulator`: wires the stores, the routes and a node:http server on loopback (by default). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRoutes } from './api/routes.js';
import { resolveOptions, type SimulatorOptions } from './options.js';
import { createListener } from './server.js';
import { AccountStore } from './state/accounts.js';
import { JobStore } from './state/jobs.js';
import { OutputStore } from './state/outputs.js';
import { type SimulatorStats, StatsRecorder } from './state/stats.js';

export interface RunningSimulator {
  /** Origin, e.g. `http://127.0.0.1:54321`; the service paths are `${url}/api/v1/...`. */
  readonly url: string;
  readonly port: number;
  /** Stops jobs and closes the server and every open connection. Safe to call twice. */
  close(): Promise<void>;
  /** What happened so far; also served at `GET /__simulator/stats`. */
  stats(): SimulatorStats;
  /** Sets an account's balance for the current month. Throws for an unknown key. */
  setCredits(apiKey: string, credits: number): void;
}

export const formatOrigin = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

export async function startSimulator(options?: SimulatorOptions): Promise<RunningSimulator> {
  const resolved = resolveOptions(options);
  const accounts = new AccountStore(resolved.accounts, resolved.now);
  const recorder = new StatsRecorder();
  const outputs = new OutputStore();
  let origin = '';
  const jobs = new JobStore({ options: resolved, accounts, outputs, stats: recorder, origin: () => origin });

  const stats = (): SimulatorStats => {
    const all = jobs.all();
    const count = (...statuses: string[]) => all.filter((job) => statuses.includes(job.status)).length;
    return {
      seed: resolved.seed,
      ...recorder.snapshot(),
      jobs: { accepted: all.length, succeeded: count('succeeded'), failed: count('failed'), running: count('starting', 'processing') },
      accounts: accounts
        .all()
        .map((a) => ({ userId: a.userId, email: a.email, subscription: a.subscription, creditsRemaining: a.credits })),
      acceptedJobs: jobs.records(),
    };
  };

  const routes = createRoutes({ options: resolved, accounts, jobs, outputs, stats, recorder });
  const server = createServer(createListener(routes, resolved, recorder));
  server.on('clientError', (_error, socket) => {
    if (socket.writable) {
      const body = JSON.stringify({ error: 'Malformed HTTP request' });
      socket.end(
        `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`,
      );
    } else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(resolved.port, resolved.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  origin = formatOrigin(resolved.host, port);

  let closing: Promise<void> | undefined;
  return {
    url: origin,
    port,
    stats,
    setCredits: (apiKey, credits) => accounts.setCredits(apiKey, credits),
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        jobs.close();
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
