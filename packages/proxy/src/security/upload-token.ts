/**
 * `ROOM_UPLOAD_TOKEN`: a trusted server caller (the MCP server uploading a local photo) is not a
 * visitor, so it is kept outside the visitor limits when it proves it holds the token. Both sides are
 * hashed before a constant-time comparison, so neither the length nor the first wrong byte leaks; the
 * token is never logged or echoed.
 */
import type { ProxyContext, RequestScope } from '../context.js';
import { ProxyHttpError } from '../http/responses.js';
import { digest, sameBytes } from './keys.js';

/**
 * True when the request carries the configured token; false without a configured token or without
 * `Authorization` (an ordinary visitor). A wrong token is a 401, so a misconfigured caller learns
 * it at once instead of running into the visitor limits.
 */
export async function trustedUploader(context: ProxyContext, scope: RequestScope): Promise<boolean> {
  const token = context.options.uploadToken;
  const authorization = scope.request.headers.get('authorization');
  if (token === undefined || authorization === null) return false;
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] ?? '';
  if (sameBytes(await digest(given), await digest(token))) return true;
  throw new ProxyHttpError(
    401,
    'upload_token_invalid',
    'Authorization does not carry the upload token this proxy expects (ROOM_UPLOAD_TOKEN)',
    {
      headers: { 'www-authenticate': 'Bearer' },
    },
  );
}
