/** Spend limits per visitor, per IP and per day, consumed before any upstream call, each one atomic `hit` in the store. */
import { networkOf, parseIp } from '@room-restyler/core/internal';
import { ProxyHttpError } from '../http/responses.js';
import type { ProxyStore } from '../state/store.js';

/** Every limit and its default: `Limits` is their shape. */
export const DEFAULT_LIMITS = {
  /** Generations per visitor per window. */
  perVisitor: 5,
  /** Generations per client IP per window. */
  perIp: 5,
  /** The window of the two limits above (1 hour). */
  windowMs: 60 * 60 * 1000,
  /** Generations (credits) per UTC day across all visitors; Infinity disables it. */
  dailyCredits: 100,
  /** Uploads per visitor and per IP per window, so the proxy is no free image host. */
  uploadsPerVisitor: 20,
  uploadsPerIp: 20,
  /** Uploads per UTC day across all visitors. */
  uploadsPerDay: 1000,
  /** IPv6 clients count as one per network of this prefix length for the per-IP limits (one subscriber holds a whole /64). */
  ipv6Prefix: 64,
  /** Share of `dailyCredits` one network may use in a day (0..1), so a few networks cannot switch the site off; 1 turns it off. */
  networkDailyShare: 0.2,
  /** The network of that share: IPv4 and IPv6 prefix lengths (a /48 is what one site or home customer may be given). */
  networkPrefixV4: 24,
  networkPrefixV6: 48,
  /** Event streams one visitor may hold open at once on one instance (what a browser opens to one host over HTTP/1.1). */
  streamsPerVisitor: 6,
  /** Event streams one instance holds at most (each is a socket and a file descriptor). */
  streamsPerInstance: 256,
  /** Styles one visitor's try of a room may ask for at once (`POST /api/v1/tries`). */
  stylesPerTry: 4,
} as const;

export type Limits = { -readonly [K in keyof typeof DEFAULT_LIMITS]: number };

export interface LimitCheck {
  key: string;
  windowMs: number;
  limit: number;
  code: 'visitor_limit' | 'ip_limit' | 'daily_budget';
  message: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Each counted action: the noun its refusals use, and its counts per visitor, per client (IP) and per day. */
const ACTIONS: Record<'gen' | 'upload', { noun: string; counts: (limits: Limits) => [number, number, number] }> = {
  gen: { noun: 'generation', counts: (limits) => [limits.perVisitor, limits.perIp, limits.dailyCredits] },
  upload: { noun: 'upload', counts: (limits) => [limits.uploadsPerVisitor, limits.uploadsPerIp, limits.uploadsPerDay] },
};

/** What an action counts against, in the order a 429 names the first full one: visitor, client, (a generation's) network share, day. */
export function limitChecks(action: keyof typeof ACTIONS, limits: Limits, visitor: string, ip: string, now: number): LimitCheck[] {
  const { noun, counts } = ACTIONS[action];
  const [perVisitor, perIp] = counts(limits);
  const dayStart = now - (now % DAY_MS);
  const parsed = parseIp(ip);
  // The client of the per-IP limits: an IPv6 one counts per network of `ipv6Prefix` bits ('unknown' stays).
  const client = parsed?.version === 6 ? networkOf(parsed, limits.ipv6Prefix) : ip;
  // The network whose share of the day a generation uses (none for an unknown IP).
  const prefix = parsed?.version === 4 ? limits.networkPrefixV4 : limits.networkPrefixV6;
  const network = action === 'gen' && limits.networkDailyShare < 1 && parsed ? networkOf(parsed, prefix) : undefined;
  const checks: LimitCheck[] = [
    {
      key: `limit:${action}:visitor:${visitor}`,
      windowMs: limits.windowMs,
      limit: perVisitor,
      code: 'visitor_limit',
      message: `You have reached the number of ${noun}s allowed for now`,
    },
    {
      key: `limit:${action}:ip:${client}`,
      windowMs: limits.windowMs,
      limit: perIp,
      code: 'ip_limit',
      message: `Too many ${noun}s from this network for now`,
    },
  ];
  if (network !== undefined)
    checks.push({
      key: `limit:gen:net:${network}:${dayStart}`,
      windowMs: dayStart + DAY_MS - now,
      limit: Math.max(1, Math.floor(limits.dailyCredits * limits.networkDailyShare)),
      code: 'ip_limit',
      message: "This network has used its share of the site's daily generation budget",
    });
  checks.push(dailyCheck(action, limits, now));
  return checks;
}

/** The site's day of `action`s (UTC), which every visitor's count also takes: a trusted server's batch counts only against it. */
export function dailyCheck(action: keyof typeof ACTIONS, limits: Limits, now: number): LimitCheck {
  const { noun, counts } = ACTIONS[action];
  const dayStart = now - (now % DAY_MS);
  return {
    key: `limit:${action}:day:${dayStart}`,
    windowMs: dayStart + DAY_MS - now,
    limit: counts(limits)[2],
    code: 'daily_budget',
    message: `The site's daily ${noun} budget is used up`,
  };
}

/** The 429 of a full window, with `Retry-After` until it ends. */
function refusal(check: LimitCheck, resetAt: number, now: number): ProxyHttpError {
  // Rounded, not ceiled: the store reads its clock a moment after `now`, and a fresh 10-minute
  // window must read "600", not "601" ("try again in 11 min").
  const seconds = Math.max(1, Math.round((resetAt - now) / 1000));
  return new ProxyHttpError(429, check.code, check.message, {
    headers: { 'retry-after': String(seconds) },
    extra: { retry_after_seconds: seconds },
  });
}

/** Consumes every check `cost` times (an operation's credits) or none, else a 429 naming the full one; answers a release per unit. */
export async function consumeLimits(
  store: ProxyStore,
  checks: readonly LimitCheck[],
  now: number,
  cost = 1,
): Promise<Array<() => Promise<void>>> {
  const taken: Array<() => Promise<void>> = [];
  for (const check of checks) {
    if (!Number.isFinite(check.limit)) continue;
    for (let unit = 0; unit < cost; unit++) {
      const result = await store.hit(check.key, check.windowMs, check.limit);
      if (!result.allowed) {
        await Promise.all(taken.map((release) => release()));
        throw refusal(check, result.resetAt, now);
      }
      taken.push(() => store.release(check.key));
    }
  }
  return taken;
}

/** Refuses before a byte of the body is read what a full window would refuse anyway. */
export async function precheckLimits(store: ProxyStore, checks: readonly LimitCheck[], now: number, cost = 1): Promise<void> {
  for (const { check, window } of await windowsOf(store, checks))
    if (window.count + cost > check.limit) throw refusal(check, window.resetAt, now);
}

/** How many more actions of `cost` every finite check still allows now. */
export async function actionsLeft(store: ProxyStore, checks: readonly LimitCheck[], cost: number): Promise<number> {
  const left = (await windowsOf(store, checks)).map(({ check, window }) => Math.floor((check.limit - window.count) / cost));
  return Math.max(0, Math.min(...left));
}

/** The steps that give back what `consumeLimits` took for one action of `cost`. */
export function releaseSteps(store: ProxyStore, checks: readonly LimitCheck[], cost: number): Array<() => Promise<void>> {
  return checks
    .filter((check) => Number.isFinite(check.limit))
    .flatMap((check) => Array.from({ length: cost }, () => () => store.release(check.key)));
}

/** Each finite check's window as it is now (a hit with limit 0 counts nothing). */
async function windowsOf(store: ProxyStore, checks: readonly LimitCheck[]) {
  const finite = checks.filter((check) => Number.isFinite(check.limit));
  const windows = await Promise.all(finite.map((check) => store.hit(check.key, check.windowMs, 0)));
  return finite.map((check, i) => ({ check, window: windows[i] as NonNullable<(typeof windows)[number]> }));
}
