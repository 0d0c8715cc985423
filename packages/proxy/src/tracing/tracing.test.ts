/** Traces through `@opentelemetry/api`: a span per paid action, the service's calls as children, `traceparent` sent upstream. */
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/support/harness.js';
import { upstreamRoute } from './tracing.js';

const exporter = new InMemorySpanExporter();
let h: Harness;
afterEach(async () => {
  await h?.close();
  exporter.reset();
});

beforeAll(() => {
  // What a host app's SDK registers (NodeSDK does all three).
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
});
afterAll(() => {
  trace.disable();
  propagation.disable();
  context.disable();
});

describe('traces', () => {
  it('give a paid action a span, its upstream call a child span, and the service its traceparent', async () => {
    h = await startHarness();
    expect((await h.visitor().restyle()).status).toBe(200);
    const spans = exporter.getFinishedSpans();
    // The first was the 428 that set the visitor's cookie: a span of its own, with no upstream call.
    const [refused, action] = spans.filter((span) => span.name === 'room-restyler restyle');
    expect(refused?.attributes['http.response.status_code']).toBe(428);
    expect(refused?.status.code).toBe(SpanStatusCode.UNSET);
    const call = spans.find((span) => span.name === 'room-restyler upstream restyle');
    expect(action?.kind).toBe(SpanKind.SERVER);
    expect(action?.attributes['http.response.status_code']).toBe(200);
    expect(call?.kind).toBe(SpanKind.CLIENT);
    expect(call?.parentSpanContext?.spanId).toBe(action?.spanContext().spanId);
    const sent = h.upstream.requests.find((request) => request.path === '/api/v1/restyle')?.headers.get('traceparent');
    expect(sent).toBe(`00-${call?.spanContext().traceId}-${call?.spanContext().spanId}-01`);
    expect(spans.filter((span) => span.name.startsWith('room-restyler upstream'))).toHaveLength(1);
  });

  it('labels a service call by its operation path, never its id', () => {
    expect(upstreamRoute('https://api.example/api/v1/prediction/job_123')).toBe('prediction');
    expect(upstreamRoute('https://api.example/api/v1/predictions?limit=20')).toBe('predictions');
    expect(upstreamRoute('https://api.example/elsewhere')).toBe('other');
  });
});
