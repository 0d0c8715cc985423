/**
 * The proxy of the abuse benchmark, alone in a child process (run with --expose-gc) so its resident
 * memory can be read by itself: the CLI's defaults (disk uploads with sharp, bodies spooled to disk),
 * the limits the bench passes in ABUSE_LIMITS (JSON; full, so every generation and upload is a refusal). Prints its URL; `gc` on
 * stdin collects garbage and answers `gc done` (the bench reads RSS after).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Limits } from '../src/limits/limits.js';
import { startProxyServer } from '../src/node/index.js';

const dir = mkdtempSync(join(tmpdir(), 'rr-abuse-'));
const server = await startProxyServer({
  apiKey: 'bench_key_0123456789',
  baseUrl: 'http://127.0.0.1:9',
  secret: 'bench-secret-0123456789abcdef',
  port: 0,
  uploads: { dir },
  log: () => {},
  limits: JSON.parse(process.env.ABUSE_LIMITS ?? '{}') as Partial<Limits>,
});
process.stdout.write(`${server.url}\n`);
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line !== 'gc') return;
  (globalThis as { gc?: () => void }).gc?.();
  process.stdout.write('gc done\n');
});
process.once(
  'SIGTERM',
  () =>
    void server.close().then(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    }),
);
