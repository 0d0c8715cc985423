/**
 * The proxy alone in a child process, so the load generator does not share its event loop and the
 * benchmark can read its resident memory alone. Prints its URL on stdout; upstream origin and key
 * come from the environment.
 */
import { startProxyServer } from '../src/node/index.js';

const server = await startProxyServer({
  apiKey: process.env.BENCH_API_KEY ?? '',
  baseUrl: process.env.BENCH_UPSTREAM ?? '',
  secret: process.env.BENCH_SECRET,
  port: 0,
  uploads: false,
  log: () => {},
  // One visitor follows its job from 1,000 streams here: the stream caps are lifted with the rest.
  limits: { perVisitor: 1_000, perIp: 1_000, dailyCredits: 1_000, streamsPerVisitor: 2_000, streamsPerInstance: 2_000 },
});
process.stdout.write(`${server.url}\n`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
