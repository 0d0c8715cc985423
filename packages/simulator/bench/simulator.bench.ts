/**
 * `pnpm --filter @room-restyler/simulator bench`: HTTP throughput of the simulator on loopback
 * against a bare node:http server measured in the same run, and the time to render an output
 * from a 12-megapixel photo against a plain decode-resize-encode. Markdown on stdout, logs on stderr.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import autocannon, { type Result } from 'autocannon';
import sharp from 'sharp';
import { prepareInput, renderOutput } from '../src/images/render.js';
import { sampleRoom } from '../src/images/sample-room.js';
import { startSimulator } from '../src/index.js';

const SECONDS = 3;
const CONNECTIONS = 10;
const IMAGE_RUNS = 5;
const KEY = 'bench_key';
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

async function bareServer(tinyPhoto: Buffer) {
  const server = createServer((req, res) => {
    if (req.url === '/tiny.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(tinyPhoto);
    const body = '{"ok":true}';
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function load(label: string, options: Parameters<typeof autocannon>[0]): Promise<Result> {
  log(`${label}: ${SECONDS} s, ${CONNECTIONS} connections`);
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  log(`${label}: ${Math.round(result.requests.average)} req/s, 2xx ${result['2xx']}, non-2xx ${result.non2xx}, errors ${result.errors}`);
  return result;
}

async function medianMs(label: string, task: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < IMAGE_RUNS; i++) {
    const start = performance.now();
    await task();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  log(`${label}: median ${median.toFixed(0)} ms of ${IMAGE_RUNS}`);
  return median;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ratio = (n: number, base: number) => `${(n / base).toFixed(2)}×`;

async function main() {
  const tiny = await sampleRoom({ width: 96, height: 72 });
  const bare = await bareServer(tiny);
  // A 60 s latency keeps every accepted job queued (`starting`) during the run: this measures the API, not the renderer.
  const sim = await startSimulator({
    accounts: [{ apiKey: KEY, credits: 1_000_000_000 }],
    latencyMs: { min: 60_000, max: 60_000 },
    seed: 1,
    // The photo server is on loopback.
    imageFetch: { allowPrivate: true },
  });
  const auth = { authorization: `Bearer ${KEY}` };
  try {
    const ack = await fetch(`${sim.url}/api/v1/restyle`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ image_url: `${bare.url}/tiny.jpg`, style: 'japandi' }),
    });
    const { request_id: id } = (await ack.json()) as { request_id: string };

    const baseline = await load('bare node:http', { url: `${bare.url}/` });
    const notFound = await load('simulator 404', { url: `${sim.url}/api/v1/unknown` });
    const prediction = await load('GET prediction', { url: `${sim.url}/api/v1/prediction/${id}`, headers: auth });
    const restyle = await load('POST restyle', {
      url: `${sim.url}/api/v1/restyle`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ image_url: `${bare.url}/tiny.jpg`, style: 'japandi' }),
    });
    for (const [name, r, expect2xx] of [
      ['prediction', prediction, true],
      ['restyle', restyle, true],
    ] as const) {
      if (expect2xx && (r.non2xx > 0 || r.errors > 0)) log(`warning: ${name} had ${r.non2xx} non-2xx and ${r.errors} errors`);
    }
    await sim.close(); // stop queued jobs before timing images (close is idempotent)

    log('generating a 4000x3000 JPEG');
    const photo = await sharp(await sampleRoom({ width: 4000, height: 3000, furnished: true, format: 'png' }))
      .composite([
        {
          input: {
            create: { width: 4000, height: 3000, channels: 4, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
          },
          blend: 'soft-light',
        },
      ])
      .jpeg({ quality: 90 })
      .toBuffer();
    const plain = await medianMs('plain resize', () =>
      sharp(photo).rotate().resize(2048, 2048, { fit: 'inside' }).jpeg({ quality: 85 }).toBuffer(),
    );
    const restyled = await medianMs('restyle output', async () =>
      renderOutput(await prepareInput(photo), { style: 'japandi', mode: 'restyle', seed: 1, index: 0 }),
    );
    const staged = await medianMs('staging output', async () =>
      renderOutput(await prepareInput(photo), { style: 'japandi', mode: 'staging', seed: 1, index: 0 }),
    );

    const base = baseline.requests.average;
    const row = (label: string, r: Result) =>
      `| ${label} | ${fmt(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${ratio(r.requests.average, base)} |`;
    process.stdout.write(
      [
        '## Simulator',
        '',
        '`pnpm --filter @room-restyler/simulator bench` — loopback, autocannon ' +
          `${CONNECTIONS} connections × ${SECONDS} s per row, Node ${process.version}, ${availableParallelism()} CPUs.`,
        '',
        '| Route | Requests/s | p50 ms | p99 ms | vs bare `node:http` |',
        '|---|---:|---:|---:|---:|',
        row('bare `node:http` JSON server (baseline)', baseline),
        row('simulator: unknown route → 404', notFound),
        row('simulator: `GET /api/v1/prediction/{id}`', prediction),
        row('simulator: `POST /api/v1/restyle` (checks the photo, charges, queues a job)', restyle),
        '',
        `| Output image from a 12-megapixel JPEG (4000×3000 → 2048×1536) | Median ms (of ${IMAGE_RUNS}) | vs plain resize |`,
        '|---|---:|---:|',
        `| sharp decode + resize + JPEG encode only (baseline) | ${fmt(plain)} | 1.00× |`,
        `| restyle output (regrade, wash, vignette, mark) | ${fmt(restyled)} | ${ratio(restyled, plain)} |`,
        `| staging output (+ furniture overlay) | ${fmt(staged)} | ${ratio(staged, plain)} |`,
        '',
      ].join('\n'),
    );
  } finally {
    await sim.close();
    await bare.close();
  }
}

await main();
