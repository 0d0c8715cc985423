/**
 * A throwaway `prometheus` on a free loopback port, scraping targets every second with a bearer token
 * (the proxy's `/metrics`), with PromQL instant queries and a wait for a scrape after a given moment.
 * Callers skip their test when `prometheus()` finds no binary (the kit's system helpers say how to get one).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from './clock.js';
import { freePort } from './free-port.js';
import { prometheus, requireProgram, SAFETY_TIMEOUT_MS } from './system.js';

export interface PrometheusOptions {
  /** `host:port` of each instance to scrape. */
  targets: string[];
  /** Sent as `Authorization: Bearer <token>`. */
  token: string;
  /** The scrape job's name (the `job` label). */
  job: string;
}

export interface PromSample {
  metric: Record<string, string>;
  value: number;
}

export interface RunningPrometheus {
  url: string;
  /** A PromQL instant query: each result's labels and value. */
  query(promql: string): Promise<PromSample[]>;
  /** Resolves once every target has been scraped in a scrape that began after `time` (ms since the epoch). */
  scrapedAfter(time: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrometheus({ targets, token, job }: PrometheusOptions): Promise<RunningPrometheus> {
  const binary = requireProgram(prometheus());
  const dir = await mkdtemp(join(tmpdir(), 'room-prometheus-'));
  await writeFile(join(dir, 'token'), token);
  const list = targets.map((target) => `'${target}'`).join(', ');
  await writeFile(
    join(dir, 'prometheus.yml'),
    `global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: ${job}\n    scrape_interval: 1s\n    authorization:\n      credentials_file: ${join(dir, 'token')}\n    static_configs:\n      - targets: [${list}]\n`,
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    binary,
    [`--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`],
    { stdio: 'ignore' },
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const query = async (promql: string): Promise<PromSample[]> => {
    const response = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(promql)}`);
    const body = (await response.json()) as { data: { result: { metric: Record<string, string>; value: [number, string] }[] } };
    return body.data.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
  };
  try {
    await waitFor(() => answersReady(url, child), 'prometheus to be ready', SAFETY_TIMEOUT_MS);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    query,
    async scrapedAfter(time) {
      // `up`'s sample carries its scrape's start (`timestamp` of a plain selector; of an expression it is the query's time).
      const fresh = `count(timestamp(up{job="${job}"}) > ${time / 1000})`;
      await waitFor(
        async () => (await query(fresh))[0]?.value === targets.length,
        `a scrape of every target after ${new Date(time).toISOString()}`,
      );
    },
    stop,
  };
}

async function answersReady(url: string, child: ChildProcess): Promise<boolean> {
  if (child.exitCode !== null) throw new Error(`prometheus exited (code ${child.exitCode}) before it was ready`);
  return fetch(`${url}/-/ready`).then(
    (r) => r.ok,
    () => false,
  );
}
