/** Headers sent to the service, built from an allowlist of the client's (never copied); the key is added here and nowhere else. */
import type { RequestHeaders } from '../http/proxy-request.js';

export const FORWARDED_CLIENT_HEADERS = ['accept-language'] as const;

export function upstreamHeaders(apiKey: string, client: RequestHeaders | undefined, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ accept: 'application/json', 'user-agent': 'room-restyler-proxy/0.1' });
  for (const name of FORWARDED_CLIENT_HEADERS) {
    const value = client?.get(name);
    if (value && value.length <= 256) headers.set(name, value);
  }
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  headers.set('authorization', `Bearer ${apiKey}`);
  return headers;
}
