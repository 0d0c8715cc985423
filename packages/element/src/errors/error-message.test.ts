import { expect } from '@open-wc/testing';
import '../translations/de.js';
import '../translations/fr.js';
import { ConnectionError, GenerationFailedError } from '@room-restyler/core';
import { errorFromResponse } from '@room-restyler/core/internal';
import { localizer } from '../i18n/localize.js';
import { DEFAULT_LIMITS, ImageRejectedError } from '../image/prepare.js';
import { adviceFor, errorMessage } from './error-message.js';

/** The error the element gets for an answer of the proxy. */
const fromProxy = (status: number, code: string, extra: Record<string, unknown> = {}, headers?: HeadersInit) =>
  errorFromResponse(status, { error: 'refused', code, ...extra }, { headers: new Headers(headers) });

describe('error advice', () => {
  it('offers Retry only where the same action can succeed', () => {
    expect(adviceFor(new ConnectionError('offline'))[1]).to.equal('retry');
    expect(adviceFor(fromProxy(500, 'internal_error'))[1]).to.equal('retry');
    expect(adviceFor(fromProxy(402, 'insufficient_credits', { credits_remaining: 0 }))[1]).to.equal('none');
    expect(adviceFor(fromProxy(403, 'origin_not_allowed'))[1]).to.equal('none');
    expect(adviceFor(fromProxy(415, 'unsupported_image_type'))[1]).to.equal('photo');
    expect(adviceFor(new GenerationFailedError('failed', { predictionStatus: 'failed' }))[1]).to.equal('again');
  });

  it('asks to wait for limits, the daily budget and a busy service', () => {
    for (const code of ['visitor_limit', 'ip_limit', 'daily_budget']) {
      expect(adviceFor(fromProxy(429, code, { retry_after_seconds: 600 }, { 'retry-after': '600' }))[1], code).to.equal('wait');
    }
    expect(adviceFor(fromProxy(429, 'rate_limited', {}, { 'retry-after': '5' }))[1]).to.equal('wait');
  });

  it('retries a start that failed on the service or the proxy with the same key: the proxy looked for its job instead of keeping the failure', () => {
    expect(adviceFor(fromProxy(502, 'upstream_error'))[1]).to.equal('retry');
    expect(adviceFor(fromProxy(500, 'internal_error'))[1]).to.equal('retry');
  });

  it('retries a start whose answer was lost with the same key: the proxy found no job, or finds it later', () => {
    expect(adviceFor(fromProxy(504, 'upstream_timeout'))[1]).to.equal('retry');
    expect(adviceFor(fromProxy(502, 'generation_unknown', {}, { 'retry-after': '3' }))[1]).to.equal('wait');
    expect(adviceFor(fromProxy(503, 'store_unavailable', {}, { 'retry-after': '5' }))[1]).to.equal('wait');
  });

  it('says how long to wait, in the visitor’s words', () => {
    const limited = fromProxy(429, 'visitor_limit', { retry_after_seconds: 2760 }, { 'retry-after': '2760' });
    expect(errorMessage(limited, localizer('en'), DEFAULT_LIMITS)).to.equal(
      'You have reached the limit of previews for now. Try again in 46 minutes.',
    );
    expect(errorMessage(limited, localizer('de'), DEFAULT_LIMITS)).to.equal(
      'Sie haben das Limit an Vorschauen erreicht. Erneut möglich in 46 Minuten.',
    );
    expect(errorMessage(fromProxy(429, 'daily_budget'), localizer('en'), DEFAULT_LIMITS, 5 * 3600_000)).to.contain('Try again in 5 hours');
  });

  it('tells an iPhone owner how to send a photo this browser can read, in their language', () => {
    const heic = new ImageRejectedError({ kind: 'heic' });
    expect(errorMessage(heic, localizer('en'), DEFAULT_LIMITS))
      .to.contain('“Most Compatible”')
      .and.contain('export the photo as JPEG');
    expect(errorMessage(heic, localizer('de'), DEFAULT_LIMITS)).to.contain('„Maximale Kompatibilität“');
    expect(errorMessage(heic, localizer('fr'), DEFAULT_LIMITS)).to.contain('« Le plus compatible »');
  });
});
