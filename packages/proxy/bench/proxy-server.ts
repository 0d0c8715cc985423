/**
 * The proxy alone in a child process, so the load generator does not share its event loop and the
 * benchmark can read its resident memory alone. Prints its URL on stdout; upstream origin and key
 * come from the environment, and BENCH_LIMITS=defaults runs it on the default limits.
 */
import { startProxyServer } from '../src/node/index.js';
import { RAISED_STREAM_LIMITS } from './limits-note.js';

const server = await startProxyServer({
  apiKey: process.env.BENCH_API_KEY ?? '',
  baseUrl: process.env.BENCH_UPSTREAM ?? '',
  secret: process.env.BENCH_SECRET,
  port: 0,
  uploads: false,
  log: () => {},
  // The photo is the simulator's own sample, on loopback.
  allowPrivateImageUrls: true,
  // Raised unless asked: one visitor follows its job from 1,000 streams here.
  limits: process.env.BENCH_LIMITS === 'defaults' ? {} : RAISED_STREAM_LIMITS,
});
process.stdout.write(`${server.url}\n`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
