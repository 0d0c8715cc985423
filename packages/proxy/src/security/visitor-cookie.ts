/** The visitor: a random id in a signed HttpOnly cookie; one who drops it gets a new id but still meets the per-IP limit. */
import type { ProxyRequest } from '../http/proxy-request.js';
import { randomId } from '../util/base64url.js';
import type { Signer } from './keys.js';

export const VISITOR_COOKIE = 'rr_visitor';
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
/** The first `rr_visitor` of a Cookie header. */
const VISITOR_COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${VISITOR_COOKIE}\\s*=([^;]*)`);

export interface CookieOptions {
  /** `Lax` (default) fits a same-site proxy; a proxy on another site needs `None` (and HTTPS). */
  sameSite: 'Lax' | 'Strict' | 'None';
  /** Default: when the request came over HTTPS (or SameSite=None, which requires it). */
  secure?: boolean | undefined;
  maxAgeSeconds: number;
}

export interface Visitor {
  id: string;
  /** Set when the proxy issued a new cookie with this response. */
  setCookie?: string;
}

export async function readVisitorCookie(request: ProxyRequest, signer: Signer): Promise<string | undefined> {
  const value = VISITOR_COOKIE_VALUE.exec(request.headers.get('cookie') ?? '')?.[1] ?? '';
  const [id, signature, ...rest] = value.trim().split('.');
  if (rest.length > 0 || !id || !signature || !VISITOR_ID.test(id)) return undefined;
  return (await signer.verify('visitor', id, signature)) ? id : undefined;
}

/** The visitor of this request, issuing a fresh signed cookie when it has none (or a forged one). */
export async function resolveVisitor(request: ProxyRequest, signer: Signer, path: string, options: CookieOptions): Promise<Visitor> {
  const existing = await readVisitorCookie(request, signer);
  if (existing) return { id: existing };
  const id = randomId(16);
  const signature = await signer.sign('visitor', id);
  const secure = options.secure ?? (options.sameSite === 'None' || new URL(request.url).protocol === 'https:');
  const attributes = [
    `${VISITOR_COOKIE}=${id}.${signature}`,
    `Path=${path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    `SameSite=${options.sameSite}`,
  ];
  if (secure) attributes.push('Secure');
  return { id, setCookie: attributes.join('; ') };
}
