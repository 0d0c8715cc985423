/**
 * Spend limits, consumed before any upstream call: per visitor, per IP and a global daily budget.
 * Each check is one atomic `hit`; when a later check refuses, the earlier hits are given back so a
 * refused request costs the visitor nothing.
 */
import { ProxyHttpError } from '../http/responses.js';
import type { ProxyStore } from '../state/store.js';

export interface Limits {
  /** Generations per visitor per window. Default 5. */
  perVisitor: number;
  /** Generations per client IP per window. Default 5. */
  perIp: number;
  /** The window of the two limits above. Default 1 hour. */
  windowMs: number;
  /** Generations (credits) per UTC day across all visitors. Default 100; Infinity disables it. */
  dailyCredits: number;
  /** Uploads per visitor and per IP per window, so the proxy is no free image host. Default 20. */
  uploadsPerVisitor: number;
  uploadsPerIp: number;
}

export const DEFAULT_LIMITS: Limits = {
  perVisitor: 5,
  perIp: 5,
  windowMs: 60 * 60 * 1000,
  dailyCredits: 100,
  uploadsPerVisitor: 20,
  uploadsPerIp: 20,
};

export interface LimitCheck {
  key: string;
  windowMs: number;
  limit: number;
  code: 'visitor_limit' | 'ip_limit' | 'daily_budget';
  message: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function generationChecks(limits: Limits, visitor: string, ip: string, now: number): LimitCheck[] {
  const dayStart = now - (now % DAY_MS);
  return [
    {
      key: `limit:gen:visitor:${visitor}`,
      windowMs: limits.windowMs,
      limit: limits.perVisitor,
      code: 'visitor_limit',
      message: 'You have reached the number of generations allowed for now',
    },
    {
      key: `limit:gen:ip:${ip}`,
      windowMs: limits.windowMs,
      limit: limits.perIp,
      code: 'ip_limit',
      message: 'Too many generations from this network for now',
    },
    {
      key: `limit:gen:day:${dayStart}`,
      windowMs: dayStart + DAY_MS - now,
      limit: limits.dailyCredits,
      code: 'daily_budget',
      message: "The site's daily generation budget is used up",
    },
  ];
}

export function uploadChecks(limits: Limits, visitor: string, ip: string): LimitCheck[] {
  return [
    {
      key: `limit:upload:visitor:${visitor}`,
      windowMs: limits.windowMs,
      limit: limits.uploadsPerVisitor,
      code: 'visitor_limit',
      message: 'You have reached the number of uploads allowed for now',
    },
    {
      key: `limit:upload:ip:${ip}`,
      windowMs: limits.windowMs,
      limit: limits.uploadsPerIp,
      code: 'ip_limit',
      message: 'Too many uploads from this network for now',
    },
  ];
}

/** Consumes every check or none; throws a 429 with `Retry-After` naming the limit that refused. */
export async function consumeLimits(store: ProxyStore, checks: readonly LimitCheck[], now: number): Promise<void> {
  const taken: string[] = [];
  for (const check of checks) {
    if (!Number.isFinite(check.limit)) continue;
    const result = await store.hit(check.key, check.windowMs, check.limit);
    if (!result.allowed) {
      await Promise.all(taken.map((key) => store.release(key)));
      // Rounded, not ceiled: the store reads its clock a moment after `now`, and a fresh 10-minute
      // window must read "600", not "601" ("try again in 11 min").
      const seconds = Math.max(1, Math.round((result.resetAt - now) / 1000));
      throw new ProxyHttpError(429, check.code, check.message, {
        headers: { 'retry-after': String(seconds) },
        extra: { retry_after_seconds: seconds },
      });
    }
    taken.push(check.key);
  }
}
