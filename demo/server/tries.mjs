// The demo's count of each visitor's tries, so the page can say how many are left. A try is one
// user action — one Idempotency-Key (one per style of a try of several) — however often it is retried; the proxy's own limit (the same
// number per window) is what refuses one too many. Visitors are told apart by a cookie of the demo.
import { randomUUID } from 'node:crypto';

const COOKIE = 'demo_visitor';

/** The demo visitor id of a request (from `Cookie`), or undefined. */
function visitorOf(cookieHeader) {
  return /(?:^|;\s*)demo_visitor=([\w-]+)/.exec(cookieHeader ?? '')?.[1];
}

/** @param {{ limit: number; windowMs: number; now?: () => number }} options */
export function createTries({ limit, windowMs, now = Date.now }) {
  /** @type {Map<string, { since: number; keys: Set<string> }>} */
  const visitors = new Map();
  const current = (visitor) => {
    const entry = visitors.get(visitor);
    if (entry && now() - entry.since < windowMs) return entry;
    const fresh = { since: now(), keys: new Set() };
    visitors.set(visitor, fresh);
    return fresh;
  };
  return {
    /** The proxy's `authorize` hook: notes each generation's action; never refuses. */
    async authorize(request, { route }) {
      const visitor = visitorOf(request.headers.get('cookie'));
      const key = request.headers.get('idempotency-key');
      if (!visitor || !key || route === 'upload') return true;
      // A try of several styles (POST …/tries) is an action per style, as the proxy's limit counts it.
      const styles = new URL(request.url).pathname.endsWith('/tries') ? (await request.json()).styles.length : 1;
      for (let i = 0; i < styles; i++) current(visitor).keys.add(`${key}#${i}`);
      return true;
    },
    /** GET /demo/tries → `{ limit, left, resetsInMs }`; gives a new visitor its cookie. */
    handle(req, res) {
      let visitor = visitorOf(req.headers.cookie);
      const headers = { 'content-type': 'application/json', 'cache-control': 'no-store' };
      if (!visitor) {
        visitor = randomUUID();
        headers['set-cookie'] = `${COOKIE}=${visitor}; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400`;
      }
      const entry = current(visitor);
      res.writeHead(200, headers);
      res.end(JSON.stringify({ limit, left: Math.max(0, limit - entry.keys.size), resetsInMs: windowMs - (now() - entry.since) }));
    },
  };
}
