/**
 * The simulator alone in a child process, its jobs kept in flight: the direct baseline gets its
 * own event loop, like the proxy does, and the load generator's work never lands on either.
 * Prints its URL on stdout; the key comes from the environment.
 */
import { startSimulator } from '@room-restyler/simulator';

const simulator = await startSimulator({
  port: 0,
  latencyMs: { min: 600_000, max: 600_000 },
  accounts: [{ apiKey: process.env.BENCH_API_KEY ?? '', credits: 100_000 }],
});
process.stdout.write(`${simulator.url}\n`);
process.once('SIGTERM', () => void simulator.close().then(() => process.exit(0)));
