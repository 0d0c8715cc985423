/**
 * The one reading of a base URL (`baseUrl`, `ROOM_API_BASE_URL`) for every package of the kit. The
 * service's API reference gives its base URL with `/api/v1`, its quickstart calls the origin plus
 * `/api/v1/me`: both spellings, with or without a trailing slash, name the same service. Another
 * path prefix (a gateway's `/brightshot`) is kept; the kit appends `/api/v1/...` to the result.
 */

export type BaseUrlCheck = { ok: true; baseUrl: string } | { ok: false; problem: string };

const API_SUFFIX = /\/api\/v1$/i;

/** `https://host[/prefix]` without a trailing slash or `/api/v1`, or why the value cannot be one. */
export function normalizeBaseUrl(value: string): BaseUrlCheck {
  const text = value.trim();
  // `localhost:4010` parses as a URL of scheme `localhost:`: only http(s) with a host reaches a service.
  if (!/^https?:\/\/[^/]/i.test(text) || !URL.canParse(text)) return { ok: false, problem: `must be an http(s) URL (got "${value}")` };
  const url = new URL(text);
  if (text.includes('?') || text.includes('#'))
    return { ok: false, problem: `must not have a query or fragment: the kit appends paths to it (got "${value}")` };
  if (url.username || url.password)
    return { ok: false, problem: `must not carry credentials: the API key is sent as a header (got "${url.origin}")` };
  const path = url.pathname.replace(/\/+$/, '').replace(API_SUFFIX, '').replace(/\/+$/, '');
  return { ok: true, baseUrl: `${url.origin}${path}` };
}
