/**
 * End to end against the real key proxy and simulator, started by the test runner
 * (test/real-backend.mjs) and mounted on the test page's origin.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../define.js';
import { samplePhoto, until } from '../../test/helpers.js';
import type { RoomRestyler } from './room-restyler.js';

const is = (el: Element, state: string) => el.matches(`:state(${state})`);
/** Requests the backend saw on a mount since the last call: { uploads, events, polls, other }. */
const seen = async (mount: string): Promise<Record<string, number>> => (await fetch(`${mount}/__stats`)).json();

async function generateWith(endpoint: string): Promise<RoomRestyler> {
  const el = await fixture<RoomRestyler>(html`<room-restyler endpoint=${endpoint} room-style="scandinavian"></room-restyler>`);
  await el.selectFile(await samplePhoto('bedroom'));
  await el.generate();
  return el;
}

describe('<room-restyler> with the real proxy and simulator', function () {
  this.timeout(30_000);

  before(async () => {
    const health = await fetch('/room-api/healthz');
    if (!health.ok) throw new Error(`the real backend is not running: ${(await health.text()).slice(0, 200)}`);
  });

  it('follows the job by Server-Sent Events, without polling', async () => {
    const el = await generateWith('/room-api');
    expect(is(el, 'result'), 'result state').to.equal(true);
    expect(el.value).to.match(/^https?:\/\//);
    const counts = await seen('/room-api');
    expect(counts).to.include({ uploads: 1, events: 1 });
    expect(counts.polls ?? 0).to.equal(0);
    const after = el.shadowRoot!.querySelector('room-restyler-compare')!.shadowRoot!.querySelector<HTMLImageElement>('img.after')!;
    await until(() => after.complete && after.naturalWidth > 0, 'the generated image to load');
  });

  it('falls back to polling when the event stream is unavailable', async () => {
    const el = await fixture<RoomRestyler>(html`<room-restyler endpoint="/room-api-poll"></room-restyler>`);
    await el.selectFile(await samplePhoto('bedroom'));
    await el.generate();
    expect(is(el, 'result'), 'result state').to.equal(true);
    expect((await seen('/room-api-poll')).polls).to.be.greaterThan(0);
    expect(el.value).to.match(/^https?:\/\//);
  });
});
