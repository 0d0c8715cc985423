/**
 * The proxy alone in a child process, so the load generator does not share its event loop and the
 * benchmark can read its resident memory alone. Prints its URL on stdout; upstream origin and key
 * come from the environment, BENCH_LIMITS=defaults runs it on the default limits, BENCH_OPERATOR=metrics
 * with metrics on (an admin token), and BENCH_OPERATOR=traced with an OpenTelemetry SDK recording every span too.
 */
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { startProxyServer } from '../src/node/index.js';
import { RAISED_STREAM_LIMITS } from './limits-note.js';

const operator = process.env.BENCH_OPERATOR;
if (operator === 'traced') {
  // What a host app's NodeSDK registers; spans are kept in memory (and dropped) instead of exported.
  const exporter = new InMemorySpanExporter();
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  setInterval(() => exporter.reset(), 1_000).unref();
}

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
  adminToken: operator ? 'bench-admin-token-0123456789' : undefined,
});
process.stdout.write(`${server.url}\n`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
