/**
 * The service's request id never reaches a browser: not in an acknowledgement, a handle, a poll, an
 * event stream, a replay, an error or a job found again after a lost answer — neither as text nor
 * inside any token a browser could decode. Every response the visitors of this file received is scanned.
 */
import { ManualClock, waitFor } from '@room-restyler/test-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptedThen, browserTranscript, type Harness, IMAGE_URL, startHarness } from '../../test/support/harness.js';
import { decodeBase64Url } from '../util/base64url.js';

let h: Harness;
afterAll(() => h?.close());

/** The text itself and whatever its base64url-looking tokens decode to. */
function readable(text: string): string {
  const decoded = (text.match(/[A-Za-z0-9_-]{16,}/g) ?? []).map((token) => {
    const bytes = decodeBase64Url(token);
    return bytes ? new TextDecoder('latin1').decode(bytes) : '';
  });
  return [text, ...decoded].join('\n');
}

describe('the service’s request id', () => {
  it('appears in no response a browser gets, plain or encoded', async () => {
    // The fake service stamps jobs with the real time: the answers lost come first, before the clock moves.
    h = await startHarness({ clock: new ManualClock({ start: Date.now() }) });
    const visitor = h.visitor();
    // An answer lost after the job was created: found again, still behind a handle. (First: the
    // proxy's clock stands still, so an acknowledged job would tell it the service's clock does too.)
    h.upstream.once('POST /api/v1/restyle', acceptedThen({ reset: true }));
    const found = await visitor.restyle({ 'idempotency-key': 'two' });
    expect(found.status).toBe(200);
    const ack = await visitor.restyle({ 'idempotency-key': 'one' });
    const handle = String(ack.json.request_id);
    await visitor.restyle({ 'idempotency-key': 'one' });
    await visitor.restyle({ 'idempotency-key': 'one' }, { image_url: IMAGE_URL, style: 'rustic' });
    h.upstream.once('POST /api/v1/restyle', { reset: true });
    expect((await visitor.restyle({ 'idempotency-key': 'three' })).json.code).toBe('generation_unknown');

    const viewer = visitor.events(handle);
    await visitor.request(`/api/v1/prediction/${handle}`);
    await visitor.request(`/api/v1/prediction/${String(found.json.request_id)}`);
    // A service that sends its ids in the prediction anyway.
    h.upstream.once('GET /api/v1/prediction/job_2', {
      status: 200,
      body: { status: 'processing', request_id: 'job_2', id: 'job_2', requestId: 'job_2' },
      offContract: true,
    });
    await h.clock.advance(3_000);
    await waitFor(() => viewer.events.length === 2, 'processing');
    h.upstream.complete('job_2');
    await h.clock.advance(3_500);
    await viewer.ended;
    await visitor.request(`/api/v1/prediction/${handle}`);
    await visitor.request('/api/v1/prediction/job_2');
    // An upstream error on a poll of a job the service forgot.
    h.upstream.on('GET /api/v1/prediction/job_1', { status: 404, body: { error: 'Prediction not found' } });
    await h.clock.advance(10_000);
    expect((await visitor.request(`/api/v1/prediction/${String(found.json.request_id)}`)).status).toBe(404);

    const ids = [...h.upstream.jobs.keys()];
    expect(ids).toEqual(['job_1', 'job_2']);
    expect(browserTranscript.length).toBeGreaterThan(10);
    // The output images' URLs are the service's own public addresses (the fake's name the job), passed on as given.
    const outputs = new RegExp(`${h.upstream.url}/outputs/[^/]+/`, 'g');
    for (const response of browserTranscript) {
      for (const id of ids) expect(readable(response.replace(outputs, '<output>/')), response.slice(0, 300)).not.toContain(id);
    }
  });
});
