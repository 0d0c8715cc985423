/**
 * The request listener: route, count, inject faults, run the handler, then answer — or, for a
 * simulated reset, destroy the socket without answering.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { FaultInjector } from './api/faults.js';
import type { Handler, HandlerOutcome } from './api/routes.js';
import { errorResult, type HttpResult, writeResult } from './http/result.js';
import { matchRoute, type Route } from './http/router.js';
import type { ResolvedOptions } from './options.js';
import type { StatsRecorder } from './state/stats.js';

const SERVICE_PREFIX = '/api/v1/';

export function createListener(routes: Array<Route<Handler>>, options: ResolvedOptions, stats: StatsRecorder): RequestListener {
  const faults = new FaultInjector(options);

  const respond = (req: IncomingMessage, res: ServerResponse, path: string, result: HttpResult) => {
    stats.response(result.status);
    options.log(`${req.method} ${path} -> ${result.status}`);
    writeResult(res, result);
  };

  const reset = (req: IncomingMessage, path: string) => {
    stats.response('reset');
    stats.fault('resets');
    options.log(`${req.method} ${path} -> connection reset (simulated)`);
    req.socket.destroy();
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const target = req.url ?? '/';
    // `/\host:` and the like are no path at all: a clear 400, not an exception.
    if (!URL.canParse(target, 'http://simulator')) return respond(req, res, '(malformed)', errorResult(400, 'Malformed request target'));
    const { pathname: path, searchParams: query } = new URL(target, 'http://simulator');
    const match = matchRoute(routes, method, path);
    if (match.kind !== 'found') {
      stats.request(match.kind === 'not-found' ? '(unmatched)' : `${method} ${match.template}`);
      return respond(
        req,
        res,
        path,
        match.kind === 'not-found'
          ? errorResult(404, 'Not found')
          : { ...errorResult(405, 'Method not allowed'), headers: { allow: match.allow.join(', ') } },
      );
    }
    stats.request(`${method} ${match.route.template}`);
    const fault = match.route.template.startsWith(SERVICE_PREFIX) ? faults.draw() : 'none';
    if (fault === 'reset-before') return reset(req, path);
    if (fault === 'server-error') {
      stats.fault('serverErrors');
      return respond(req, res, path, errorResult(500, 'Internal server error'));
    }
    if (fault === 'rate-limit') {
      stats.fault('rateLimited');
      return respond(req, res, path, { ...errorResult(429, 'Too many requests'), headers: { 'retry-after': '1' } });
    }
    const outcome: HandlerOutcome = await match.route.handler({ req, params: match.params, query });
    if (fault === 'reset-after') {
      if (outcome.job) {
        outcome.job.acknowledged = false;
        stats.fault('resetsAfterJobCreated');
      }
      return reset(req, path);
    }
    // A body we stopped reading cannot be drained: answer, then close the connection.
    if (!req.complete) res.setHeader('connection', 'close');
    respond(req, res, path, outcome.result);
  };

  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.log(`${req.method} request failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent && !res.destroyed) writeResult(res, errorResult(500, 'Internal server error'));
    });
  };
}
