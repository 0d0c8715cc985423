/** What the browser gets in place of the service's `request_id`: the job sealed for its visitor, self-contained (a restart reads it). */
import type { Sealer } from './keys.js';

export interface HandleClaims {
  visitor: string;
  /** The service's: never seen by the browser. */
  requestId: string;
  /** When the generation was accepted (ms), so any instance follows the same poll schedule. */
  startedAt: number;
  expiresAt: number;
  /** `enhance` or `restyle`, so any instance follows the schedule learned for it (absent from handles made before it was added). */
  operation?: string | undefined;
}

const MAX_HANDLE_LENGTH = 1024;

export async function createHandle(claims: HandleClaims, sealer: Sealer): Promise<string> {
  const fields = [claims.requestId, claims.startedAt, claims.expiresAt, ...(claims.operation ? [claims.operation] : [])];
  return sealer.seal(fields, claims.visitor);
}

/** The claims of a valid, unexpired handle owned by `visitor`; undefined otherwise. */
export async function readHandle(
  handle: string,
  visitor: string | undefined,
  sealer: Sealer,
  now: number,
): Promise<HandleClaims | undefined> {
  if (!visitor || handle.length > MAX_HANDLE_LENGTH) return undefined;
  const fields = await sealer.open(handle, visitor);
  if (!Array.isArray(fields) || fields.length < 3 || fields.length > 4) return undefined;
  const [requestId, startedAt, expiresAt, operation] = fields as unknown[];
  if (typeof requestId !== 'string' || typeof startedAt !== 'number' || typeof expiresAt !== 'number' || expiresAt <= now) return undefined;
  if (operation !== undefined && typeof operation !== 'string') return undefined;
  return { visitor, requestId, startedAt, expiresAt, ...(operation === undefined ? {} : { operation }) };
}
