import { expect } from '@open-wc/testing';
import '../translations/de.js';
import '../translations/fr.js';
import { ConnectionError, GenerationFailedError, type ProxyErrorCode } from '@room-restyler/core';
import { briefWording, errorFromResponse } from '@room-restyler/core/internal';
import { localizer } from '../i18n/localize.js';
import { DEFAULT_LIMITS, ImageRejectedError } from '../image/prepare.js';
import type { MessageKey } from '../translations/en.js';
import { adviceFor, errorMessage, type Remedy } from './error-message.js';

/** The error the element gets for an answer of the proxy. */
const fromProxy = (status: number, code: string, extra: Record<string, unknown> = {}, headers?: HeadersInit) =>
  errorFromResponse(status, { error: 'refused', code, ...extra }, { headers: new Headers(headers), wording: briefWording });

/**
 * Every code a visitor's request can get, at the status the proxy answers it with (the service's own
 * status for the codes it passes on), and what the visitor is told and offered.
 */
const ADVICE: Record<
  Exclude<ProxyErrorCode, 'not_ready' | 'widget_unavailable' | 'upload_token_invalid' | 'batch_token_invalid'>,
  [number, MessageKey, Remedy]
> = {
  bad_request: [400, 'errRequest', 'none'],
  bad_body: [400, 'errRequest', 'none'],
  invalid_json: [400, 'errRequest', 'none'],
  bad_idempotency_key: [400, 'errRequest', 'none'],
  bad_multipart: [400, 'errRequest', 'none'],
  method_not_allowed: [405, 'errRequest', 'none'],
  too_many_styles: [400, 'errRequest', 'none'],
  empty_upload: [400, 'errInvalidImage', 'photo'],
  invalid_image: [400, 'errInvalidImage', 'photo'],
  payload_too_large: [413, 'errInvalidImage', 'photo'],
  too_many_pixels: [413, 'errInvalidImage', 'photo'],
  unsupported_media_type: [415, 'errInvalidImage', 'photo'],
  unsupported_image_type: [415, 'errInvalidImage', 'photo'],
  upstream_refused: [422, 'errInvalidImage', 'photo'],
  body_timeout: [408, 'errNetwork', 'retry'],
  not_found: [404, 'errExpired', 'again'],
  uploads_disabled: [404, 'errConfig', 'none'],
  public_url_required: [503, 'errConfig', 'none'],
  upload_not_found: [404, 'errInvalidImage', 'photo'],
  upload_signature_invalid: [403, 'errInvalidImage', 'photo'],
  origin_not_allowed: [403, 'errConfig', 'none'],
  upstream_auth: [403, 'errConfig', 'none'],
  forbidden: [403, 'errForbidden', 'none'],
  captcha: [403, 'errForbidden', 'none'],
  authorize_failed: [503, 'errServer', 'retry'],
  visitor_limit: [429, 'errLimit', 'wait'],
  ip_limit: [429, 'errLimit', 'wait'],
  too_many_streams: [429, 'errBusy', 'wait'],
  daily_budget: [429, 'errBudget', 'wait'],
  idempotency_in_progress: [409, 'errServer', 'retry'],
  idempotency_key_reused: [409, 'errServer', 'again'],
  visitor_cookie_required: [428, 'errConfig', 'none'],
  insufficient_credits: [402, 'errCredits', 'none'],
  rate_limited: [429, 'errBusy', 'wait'],
  store_unavailable: [503, 'errBusy', 'wait'],
  generation_unknown: [502, 'errBusy', 'wait'],
  upstream_timeout: [504, 'errTimeout', 'retry'],
  upstream_error: [502, 'errServer', 'retry'],
  upstream_unreachable: [502, 'errServer', 'retry'],
  bad_upstream_response: [502, 'errServer', 'retry'],
  shutting_down: [503, 'errServer', 'retry'],
  internal_error: [500, 'errServer', 'retry'],
};

describe('error advice', () => {
  it('advises every code of the proxy, at the status it comes with', () => {
    for (const [code, [status, key, remedy]] of Object.entries(ADVICE)) {
      expect(adviceFor(fromProxy(status, code)), `${status} ${code}`).to.deep.equal([key, remedy]);
    }
  });

  it('offers Retry only where the same action can succeed', () => {
    expect(adviceFor(new ConnectionError('offline'))[1]).to.equal('retry');
    expect(adviceFor(fromProxy(500, 'internal_error'))[1]).to.equal('retry');
    expect(adviceFor(fromProxy(402, 'insufficient_credits', { credits_remaining: 0 }))[1]).to.equal('none');
    expect(adviceFor(fromProxy(403, 'origin_not_allowed'))[1]).to.equal('none');
    expect(adviceFor(fromProxy(415, 'unsupported_image_type'))[1]).to.equal('photo');
    expect(adviceFor(new GenerationFailedError('failed', { predictionStatus: 'failed' }))[1]).to.equal('again');
  });

  it('tells no visitor a result expired before any job exists: a 404 then is the site’s set-up', () => {
    const noProxy = errorFromResponse(404, '<!doctype html><title>Not Found</title>', { wording: briefWording });
    for (const phase of ['uploading', 'starting'] as const) {
      expect(adviceFor(noProxy, phase), phase).to.deep.equal(['errConfig', 'none']);
      // No such route under the proxy's prefix, an operation it does not offer, a base URL the service lacks.
      expect(adviceFor(fromProxy(404, 'not_found'), phase), phase).to.deep.equal(['errConfig', 'none']);
    }
    expect(adviceFor(fromProxy(404, 'not_found'), 'generating')).to.deep.equal(['errExpired', 'again']);
    expect(adviceFor(fromProxy(404, 'upload_not_found'), 'starting')).to.deep.equal(['errInvalidImage', 'photo']);
    expect(errorMessage(noProxy, localizer('en'), DEFAULT_LIMITS, 0, 'uploading')).to.equal(
      'Previews are unavailable on this site right now.',
    );
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
      'You have reached your preview limit. Try again in 46 minutes.',
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
      .and.contain('export as JPEG');
    expect(errorMessage(heic, localizer('de'), DEFAULT_LIMITS)).to.contain('„Maximale Kompatibilität“');
    expect(errorMessage(heic, localizer('fr'), DEFAULT_LIMITS)).to.contain('« Le plus compatible »');
  });
});
