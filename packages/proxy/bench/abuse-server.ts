/**
 * The proxy of the abuse benchmark, alone in a child process (run with --expose-gc) so its resident
 * memory can be read by itself: the CLI's defaults (disk uploads with sharp, bodies spooled to disk),
 * limits already full (0), so every generation and upload is a refusal. Prints its URL; `gc` on
 * stdin collects garbage and answers `gc done` (the bench reads RSS after).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startProxyServer } from '../src/node/index.js';

const dir = mkdtempSync(join(tmpdir(), 'rr-abuse-'));
const server = await startProxyServer({
  apiKey: 'bench_key_0123456789',
  baseUrl: 'http://127.0.0.1:9',
  secret: 'bench-secret-0123456789abcdef',
  port: 0,
  uploads: { dir },
  log: () => {},
  limits: { perVisitor: 5, perIp: Number(process.env.ABUSE_PER_IP ?? 0), uploadsPerIp: Number(process.env.ABUSE_UPLOADS_PER_IP ?? 0) },
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
