import type { Translate } from '../i18n/localize.js';
import type { ImageLimits } from '../image/prepare.js';
import { ImageRejectedError } from '../image/prepare.js';

const MB = 1024 * 1024;
const mb = (bytes: number) => (Math.round((bytes / MB) * 10) / 10).toString();

/** A wait for people: seconds below two minutes, minutes above. */
export function formatWaitFor(ms: number | undefined, t: Translate): string {
  const seconds = Math.max(1, Math.ceil((ms ?? 60_000) / 1000));
  return seconds < 120 ? t('seconds', { n: seconds }) : t('minutes', { n: Math.ceil(seconds / 60) });
}

/** The localized sentence for any failure the widget can meet, chosen by the error's stable `code`. */
export function errorMessage(error: unknown, t: Translate, limits: ImageLimits): string {
  if (error instanceof ImageRejectedError) {
    const { problem } = error;
    const params = { maxMb: mb(limits.maxBytes), minW: limits.minWidth, minH: limits.minHeight };
    if (problem.kind === 'type') return t('errType');
    if (problem.kind === 'size') return t('errSize', { ...params, mb: mb(problem.bytes) });
    if (problem.kind === 'url') return t('errUrl');
    if (problem.kind === 'dims') return t('errDims', { ...params, w: problem.width, h: problem.height });
    return t('errDecode');
  }
  const { code, limit, retryAfterMs } = (error ?? {}) as { code?: string; limit?: string; retryAfterMs?: number };
  switch (code) {
    case 'insufficient_credits':
      return t('errCredits');
    case 'rate_limited':
      if (limit === 'daily_budget') return t('errBudget');
      return t(limit ? 'errLimit' : 'errBusy', { wait: formatWaitFor(retryAfterMs, t) });
    case 'bad_request':
      return t('errInvalidImage');
    case 'connection':
      return t('errNetwork');
    case 'timeout':
      return t('errTimeout');
    case 'generation_failed':
      return t('errFailed');
    case 'not_found':
      return t('errExpired');
    case 'invalid_api_key':
      return t('errConfig');
    default:
      return t('errServer');
  }
}
