/**
 * `createProxyAdmin`: the operator's endpoints on Node. `GET /metrics` (Prometheus text) and
 * `GET /admin/data` (the page's JSON) need `Authorization: Bearer <token>`; `/admin` and its
 * scripts carry no data and are served to anyone once a token is configured (a browser cannot
 * send a header when it navigates); the page asks for the token. Without a token no `ProxyAdmin`
 * exists and every one of these paths is the proxy's plain 404, as is a wrong or missing token.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ProxyRequest } from '../http/proxy-request.js';
import { jsonReply, type Reply, routeNotFound } from '../http/responses.js';
import type { AdminContext, ProxyAdmin } from '../metrics/observer.js';
import { budgetLeft, ProxyMetrics, storeUp } from '../metrics/prometheus.js';
import { bearerCarries } from '../security/keys.js';
import { VERSION } from '../version.js';
import { announce } from './instances.js';
import { ADMIN_PAGE, ADMIN_SCRIPT } from './page.js';

export interface ProxyAdminOptions {
  /** `ROOM_PROXY_ADMIN_TOKEN`: at least 16 characters, e.g. `openssl rand -hex 32`. */
  token: string;
}

const MIN_TOKEN_LENGTH = 16;

export function createProxyAdmin({ token }: ProxyAdminOptions): ProxyAdmin {
  if (typeof token !== 'string' || token.length < MIN_TOKEN_LENGTH)
    throw new RangeError(
      `createProxyAdmin: the admin token (ROOM_PROXY_ADMIN_TOKEN) must be at least ${MIN_TOKEN_LENGTH} characters (e.g. the output of \`openssl rand -hex 32\`)`,
    );
  const authorized = (request: ProxyRequest) => bearerCarries(request.headers.get('authorization') ?? '', token);
  const startedAt = new Date().toISOString();
  const instance = randomUUID().slice(0, 8);
  // Read once: the page's files are served to anyone.
  const uplotScript = uplot('uPlot.iife.min.js');
  const uplotStyle = uplot('uPlot.min.css');
  let metrics: ProxyMetrics | undefined;
  /** None until `attach`: what the routes read comes with it. */
  let routes = new Map<string, (request: ProxyRequest) => Promise<Reply>>();

  const routesOf = (context: AdminContext, metrics: ProxyMetrics) => {
    /** This instance, announced to the others through the store; each scrape and page load refreshes it. */
    const announced = () =>
      announce(context.store, {
        id: instance,
        version: VERSION,
        started_at: startedAt,
        seen_at: context.clock.now(),
        jobs: context.hub.activeJobs,
        streams: context.hub.streams,
      });
    return new Map<string, (request: ProxyRequest) => Promise<Reply>>(
      Object.entries({
        '/metrics': async (request) => {
          if (!(await authorized(request))) throw routeNotFound();
          const [text] = await Promise.all([metrics.registry.metrics(), announced()]);
          return new Response(text, { headers: { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' } });
        },
        '/admin': async () => page(ADMIN_PAGE, 'text/html'),
        '/admin/admin.js': async () => page(ADMIN_SCRIPT, 'text/javascript'),
        '/admin/uplot.js': async () => page(uplotScript, 'text/javascript'),
        '/admin/uplot.css': async () => page(uplotStyle, 'text/css'),
        '/admin/data': async (request) => {
          if (!(await authorized(request))) throw routeNotFound();
          const [left, storeState, instances, refusals] = await Promise.all([
            budgetLeft(context),
            storeUp(context.store),
            announced(),
            metrics.refusals.get(),
          ]);
          const daily = Number.isFinite(context.limits.dailyCredits) ? context.limits.dailyCredits : null;
          const { hours, slowest } = metrics.history.read();
          return jsonReply(200, {
            budget: { daily, left: left ?? null, spent: daily !== null && left !== undefined ? daily - left : null },
            store: storeState === 1 ? 'ok' : 'unreachable',
            instance,
            instances,
            hours,
            // Since the instance started: the refusals counter's own values.
            refusals: Object.fromEntries(refusals.values.map(({ labels, value }) => [labels.reason, value])),
            slowest,
          });
        },
      }),
    );
  };

  return {
    attach(context) {
      metrics = new ProxyMetrics(context);
      routes = routesOf(context, metrics);
    },
    serve: (path, request) => routes.get(path)?.(request),
    logged: (entry) => metrics?.logged(entry),
    answered: (answer) => metrics?.answered(answer),
    upstreamCalled: (call) => metrics?.upstreamCalled(call),
  };
}

/** The page's files: no data in them, cached briefly; a strict CSP (scripts only from the proxy). */
function page(body: string, contentType: string): Response {
  return new Response(body, {
    headers: {
      'content-type': `${contentType}; charset=utf-8`,
      'cache-control': 'private, max-age=300',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
      'referrer-policy': 'no-referrer',
    },
  });
}

/** A file of the installed uPlot. */
const uplot = (file: string) => readFileSync(createRequire(import.meta.url).resolve(`uplot/dist/${file}`), 'utf8');
