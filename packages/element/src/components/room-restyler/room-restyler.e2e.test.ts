/**
 * End to end through the real key proxy over the kit's fake service (test/backends.mjs), mounted
 * on the test page's origin so the visitor cookie works as on a real site.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../define.js';
import '../../test/backend-contract.js';
import { backendStats, samplePhoto, until } from '../../test/helpers.js';
import type { RoomRestyler } from './room-restyler.js';

const is = (el: Element, state: string) => el.matches(`:state(${state})`);
const PUSH = '/backend/ok-e2e';
/** The same, with the proxy's event stream route unavailable. */
const POLL = '/backend/poll-e2e';
/** What the backend of a mount has seen: uploads stored, event streams and polls of the widget. */
async function seen(mount: string): Promise<Record<string, number>> {
  const { uploads, events, polls } = await backendStats(mount);
  return { uploads: uploads.length, events, polls };
}

async function generateWith(endpoint: string): Promise<RoomRestyler> {
  const el = await fixture<RoomRestyler>(html`<room-restyler endpoint=${endpoint} room-style="scandinavian"></room-restyler>`);
  await el.selectFile(await samplePhoto('bedroom'));
  await el.generate();
  return el;
}

describe('<room-restyler> with the real proxy', function () {
  this.timeout(30_000);

  before(async () => {
    const health = await fetch(`${PUSH}/healthz`);
    if (!health.ok) throw new Error(`the real backend is not running: ${(await health.text()).slice(0, 200)}`);
  });

  it('follows the job by Server-Sent Events, without polling', async () => {
    const el = await generateWith(PUSH);
    expect(is(el, 'result'), 'result state').to.equal(true);
    expect(el.value).to.match(/^https?:\/\//);
    const counts = await seen(PUSH);
    expect(counts).to.include({ uploads: 1, events: 1 });
    expect(counts.polls ?? 0).to.equal(0);
    const after = el.shadowRoot!.querySelector('room-restyler-compare')!.shadowRoot!.querySelector<HTMLImageElement>('img.after')!;
    await until(() => after.complete && after.naturalWidth > 0, 'the generated image to load');
  });

  it('pointed where no proxy is mounted: the visitor reads that previews are unavailable, the console names the endpoint and the fix', async () => {
    const logged: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args.join(' '));
    try {
      const el = await generateWith('/no-proxy-here');
      expect(is(el, 'error'), 'error state').to.equal(true);
      expect(el.shadowRoot!.querySelector('[part~="error"]')!.textContent!.trim()).to.equal(
        'Previews are unavailable on this site right now.',
      );
      const endpoint = new URL('/no-proxy-here', location.href).href;
      // The console's note is loaded with the first such failure.
      await until(() => logged.some((line) => line.startsWith('<room-restyler>')), 'the console note');
      expect(logged.filter((line) => line.startsWith('<room-restyler>'))).to.deep.equal([
        `<room-restyler>: ${endpoint} answered NotFoundError: HTTP 404: Not Found, not as the key proxy: set endpoint to where it is mounted`,
      ]);
    } finally {
      console.error = original;
    }
  });

  it('falls back to polling when the event stream is unavailable', async () => {
    const el = await fixture<RoomRestyler>(html`<room-restyler endpoint=${POLL}></room-restyler>`);
    await el.selectFile(await samplePhoto('bedroom'));
    await el.generate();
    expect(is(el, 'result'), 'result state').to.equal(true);
    expect((await seen(POLL)).polls).to.be.greaterThan(0);
    expect(el.value).to.match(/^https?:\/\//);
  });
});
