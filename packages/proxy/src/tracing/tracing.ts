/**
 * OpenTelemetry through `@opentelemetry/api` only: a no-op until the host app registers an SDK
 * (see docs/operations.md). A span per paid action (a generation's or an upload's POST), the
 * service's calls as its children, and W3C `traceparent` sent to the service.
 */

import { context, propagation, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { GENERATION_OPERATIONS } from '@room-restyler/core';
import { ProxyHttpError } from '../http/responses.js';
import type { UpstreamCall } from '../metrics/observer.js';
import { VERSION } from '../version.js';

const tracer = trace.getTracer('@room-restyler/proxy', VERSION);

/** The routes that may spend credits or storage (each generation route is named by its operation): each gets its own span. */
const PAID_ROUTES: ReadonlySet<string> = new Set([...GENERATION_OPERATIONS, 'tries', 'upload']);

/** Runs a route's handler, in a span of its own when the route is a paid action. */
export function traced<T extends { status: number }>(route: string, handle: () => Promise<T>): Promise<T> {
  if (!PAID_ROUTES.has(route)) return handle();
  const attributes = { 'room_restyler.route': route };
  return tracer.startActiveSpan(`room-restyler ${route}`, { kind: SpanKind.SERVER, attributes }, (span) => ended(span, handle()));
}

/** The service's path as a label: its first segment below `/api/v1/` (`prediction`, not the id after it). */
export function upstreamRoute(url: string): string {
  const path = new URL(url).pathname;
  return /\/api\/v1\/([A-Za-z][A-Za-z0-9_-]{0,63})/.exec(path)?.[1] ?? 'other';
}

/** `fetch` for the service's calls: a client span each, `traceparent` added to its headers, each call told to `onCall`. */
export function tracedFetch(fetch: typeof globalThis.fetch, onCall?: (call: UpstreamCall) => void): typeof globalThis.fetch {
  return (input, init) => {
    const route = upstreamRoute(String(input));
    const attributes = { 'room_restyler.upstream_route': route };
    return tracer.startActiveSpan(`room-restyler upstream ${route}`, { kind: SpanKind.CLIENT, attributes }, (span) => {
      const headers = new Headers(init?.headers);
      propagation.inject(context.active(), headers, { set: (carrier, name, value) => carrier.set(name, value) });
      const started = performance.now();
      const call = fetch(input, { ...init, headers });
      const report = (status: number | 'error') => onCall?.({ route, status, seconds: (performance.now() - started) / 1000 });
      call.then(
        (response) => report(response.status),
        () => report('error'),
      );
      return ended(span, call);
    });
  };
}

/** Ends `span` when `work` settles: an HTTP status of 500 or more, or a rejection, marks it an error. */
async function ended<T extends { status: number }>(span: Span, work: Promise<T>): Promise<T> {
  try {
    const value = await work;
    span.setAttribute('http.response.status_code', value.status);
    if (value.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    return value;
  } catch (error) {
    // A refusal the proxy answers (a ProxyHttpError below 500) is an answer, not a failure of the span.
    const status = error instanceof ProxyHttpError ? error.status : 500;
    if (error instanceof ProxyHttpError) span.setAttribute('http.response.status_code', status);
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    span.end();
  }
}
