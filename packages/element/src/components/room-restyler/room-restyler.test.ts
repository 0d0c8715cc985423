import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { STYLE_IDS } from '@room-restyler/core/vocabulary';
import { sendKeys } from '@web/test-runner-commands';
import '../../define.js';
import '../../test/backend-contract.js';
import '../../translations/de.js';
import '../../translations/fr.js';
import { backendStats, expectAccessible, makePhoto, samplePhoto, until } from '../../test/helpers.js';
import {
  $,
  button,
  click,
  completeJobs,
  drop,
  endpointFor,
  generateUntil,
  is,
  mount,
  nextFrame,
  part,
  ready,
  releaseImages,
} from '../../test/widget.js';
import type { ChoiceCards } from '../choice-cards/choice-cards.js';
import type { RoomRestyler } from './room-restyler.js';

const stats = backendStats;

/** Pastes a file on `target` the way a browser does. */
function paste(target: EventTarget, file: File) {
  const clipboardData = new DataTransfer();
  clipboardData.items.add(file);
  target.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, composed: true }));
}

describe('<room-restyler>', () => {
  it('empty: a drop zone with a real file input and a URL form, accessible', async () => {
    const { el } = await mount('ok');
    expect(is(el, 'empty')).to.equal(true);
    expect(part(el, 'dropzone')).to.exist;
    expect($($(el, 'room-restyler-drop-zone')!, 'input[type="file"]')).to.exist;
    expect(part(el, 'url')).to.exist;
    await expectAccessible(el);
  });

  it('style cards: the proxy’s preview of each style the kit knows, the site’s own where it gives one, none without a proxy', async () => {
    const { el, endpoint } = await mount('ok');
    const pictures = () =>
      new Map(
        [...part(el, 'style')!.shadowRoot!.querySelectorAll('.card')].map((card) => [
          card.querySelector('input')!.value,
          card.querySelector('img'),
        ]),
      );
    expect([...pictures().values()].map((img) => img?.src)).to.deep.equal(
      STYLE_IDS.map((style) => new URL(`${endpoint}/room-restyler/previews/${style}.webp`, document.baseURI).href),
    );
    const first = pictures().get('modern')!;
    await until(() => first.complete && first.naturalWidth === 224, 'the proxy’s preview loads');

    el.stylePreviews = { japandi: '/samples/bedroom.jpg' };
    el.roomStyle = 'wabi_sabi';
    await el.updateComplete;
    await part<ChoiceCards>(el, 'style')!.updateComplete;
    expect(pictures().get('japandi')!.src).to.equal(new URL('/samples/bedroom.jpg', document.baseURI).href);
    expect(pictures().get('wabi_sabi')).to.equal(null);

    const bare = await fixture<RoomRestyler>(html`<room-restyler></room-restyler>`);
    expect(part(bare, 'style')!.shadowRoot!.querySelector('img')).to.equal(null);
  });

  it('dragging: highlights without flicker when the pointer crosses children', async () => {
    const { el } = await mount('ok');
    const zoneEl = $(el, 'room-restyler-drop-zone')!;
    const zone = $(zoneEl, '.zone')!;
    const child = $(zoneEl, '.title')!;
    const dataTransfer = new DataTransfer();
    dataTransfer.items.add(await makePhoto(10, 10));
    zone.dispatchEvent(new DragEvent('dragenter', { dataTransfer, bubbles: true, composed: true }));
    // Entering a child fires dragenter (child) then dragleave (zone): still dragging.
    child.dispatchEvent(new DragEvent('dragenter', { dataTransfer, bubbles: true, composed: true }));
    zone.dispatchEvent(new DragEvent('dragleave', { dataTransfer, bubbles: false, composed: true }));
    await el.updateComplete;
    await until(() => is(el, 'dragging'), 'dragging');
    expect(zoneEl.hasAttribute('dragging')).to.equal(true);
    await expectAccessible(el);
    child.dispatchEvent(new DragEvent('dragleave', { dataTransfer, bubbles: true, composed: true }));
    await until(() => !is(el, 'dragging'), 'not dragging');
  });

  it('invalid file: refuses by content, naming the allowed formats and limits', async () => {
    const { el } = await mount('ok');
    // A text file named like a JPEG is refused by its bytes.
    drop(el, new File(['hello'], 'room.jpg', { type: 'image/jpeg' }));
    await until(() => is(el, 'invalid'), 'invalid');
    expect(part(el, 'error')!.textContent).to.contain('JPEG, PNG or WebP');
    await expectAccessible(el);

    drop(el, await makePhoto(300, 200));
    await until(() => (part(el, 'error')?.textContent ?? '').includes('300×200'), 'dimension message');
    expect(part(el, 'error')!.textContent).to.contain('512×384');
  });

  it('downscales large photos to 2048 px and uploads far fewer bytes', async () => {
    const { el, endpoint } = await mount('ok');
    const big = await makePhoto(4000, 3000);
    await ready(el, big);
    await click(el, 'generate');
    await until(() => is(el, 'result'), 'result');
    const { uploads } = await stats(endpoint);
    expect(uploads).to.have.length(1);
    const img = $<HTMLImageElement>($(el, 'room-restyler-compare')!, 'img.before')!;
    await until(() => img.complete && img.naturalWidth > 0, 'before image');
    expect(Math.max(img.naturalWidth, img.naturalHeight)).to.equal(2048);
  });

  it('pastes an image when paste-scope="document", and ignores paste by default', async () => {
    const photo = await makePhoto(800, 600);
    const off = await mount('ok');
    paste(document.body, photo);
    await nextFrame();
    expect(is(off.el, 'empty')).to.equal(true);
    off.el.remove();

    const { el } = await mount('ok', 'paste-scope="document"');
    paste(document.body, photo);
    await until(() => is(el, 'ready'), 'ready after paste');
  });

  it('changing paste-scope during a generation keeps it running, and paste follows the new scope', async () => {
    const { el, endpoint } = await mount('slow', 'paste-scope="document"');
    const fired: string[] = [];
    for (const name of ['room-restyler-cancel', 'room-restyler-error', 'room-restyler-complete'] as const) {
      el.addEventListener(name, () => fired.push(name));
    }
    await ready(el);
    await click(el, 'generate');
    await until(() => is(el, 'generating'), 'generating');
    el.pasteScope = 'element';
    await el.updateComplete;
    await completeJobs(endpoint);
    await until(() => is(el, 'result'), 'result');
    expect(fired).to.deep.equal(['room-restyler-complete']);

    // A paste on the page (the old scope) is ignored; one inside the element (the new scope) is taken.
    const photo = await makePhoto(800, 600);
    paste(document.body, photo);
    await nextFrame();
    expect(is(el, 'result')).to.equal(true);
    paste(el, photo);
    await until(() => is(el, 'ready'), 'ready after paste');
  });

  it('uploading: shows real upload progress; Cancel goes back to the photo', async () => {
    const { el } = await mount('slowup');
    await ready(el);
    await click(el, 'generate');
    await until(() => is(el, 'uploading'), 'uploading');
    const bar = $(el, '[role="progressbar"]')!;
    expect(bar.getAttribute('aria-valuetext')).to.match(/% uploaded$/);
    await expectAccessible(el);
    const cancelled = oneEvent(document, 'room-restyler-cancel');
    await click(el, 'cancel');
    expect((await cancelled).detail.phase).to.equal('uploading');
    await until(() => is(el, 'ready'), 'ready after cancel');
  });

  it('generating: elapsed and estimated seconds, no percentage; Cancel stops', async () => {
    const { el, endpoint } = await mount('slow');
    let phase = '';
    el.addEventListener('room-restyler-progress', (event) => (phase = event.detail.phase));
    await ready(el);
    await click(el, 'generate');
    // Past `starting`: the service has accepted the job.
    await until(() => is(el, 'generating') && phase === 'generating', 'generating');
    const bar = $(el, '[role="progressbar"]')!;
    expect(bar.getAttribute('aria-valuetext')).to.match(/^about \d+s left · \d+s elapsed$/);
    expect(part(el, 'progress')!.textContent).not.to.contain('%');
    expect($(el, '[role="status"]')!.textContent).to.equal('Generating your room…');
    await expectAccessible(el);
    const cancelled = oneEvent(el, 'room-restyler-cancel');
    await click(el, 'cancel');
    expect((await cancelled).detail.phase).to.equal('generating');
    await until(() => is(el, 'ready'), 'ready');
    expect((await stats(endpoint)).events).to.equal(1);
  });

  it('an image URL: generates from the URL itself, with no upload; a non-http URL is refused', async () => {
    const { el, endpoint } = await mount('ok');
    const form = part(el, 'url') as HTMLFormElement;
    const input = form.querySelector<HTMLInputElement>('input[name="url"]')!;
    input.value = 'ftp://example.com/room.jpg';
    form.requestSubmit();
    await until(() => part(el, 'error') !== null, 'the refusal');
    expect(part(el, 'error')?.textContent).to.match(/http/i);

    const photoUrl = `${location.origin}/samples/bedroom.jpg`;
    input.value = photoUrl;
    form.requestSubmit();
    await until(() => is(el, 'ready'), 'ready');
    await click(el, 'generate');
    await until(() => is(el, 'result'), 'result');
    const { uploads, starts } = await stats(endpoint);
    expect(uploads).to.have.length(0);
    expect(starts.map((s) => s.body.image_url)).to.deep.equal([photoUrl]);
  });

  it('a double click on Generate starts one job', async () => {
    const { el, endpoint } = await mount('ok');
    await ready(el);
    part(el, 'generate')!.click();
    part(el, 'generate')!.click();
    void el.generate();
    await until(() => is(el, 'result'), 'result');
    expect((await stats(endpoint)).starts).to.have.length(1);
  });

  it('error: out of credits and visitor limits get clear messages', async () => {
    const { el } = await mount('credits');
    await ready(el);
    const failed = oneEvent(document, 'room-restyler-error');
    await click(el, 'generate');
    const event = await failed;
    expect(event.detail.code).to.equal('insufficient_credits');
    expect(event.composed && event.bubbles).to.equal(true);
    await until(() => is(el, 'error'), 'error');
    expect(part(el, 'error')!.textContent).to.contain('is out of credits');
    expect($(el, '[role="status"]')!.textContent).to.contain('is out of credits');
    await expectAccessible(el);

    const limited = await mount('limit');
    await ready(limited.el);
    await click(limited.el, 'generate');
    await until(() => is(limited.el, 'error'), 'error');
    expect(part(limited.el, 'error')!.textContent).to.contain('Try again in 10 min');
  });

  it('result: compare slider, gallery, download, form value, complete event', async () => {
    const form = await fixture<HTMLFormElement>(
      html`<form><room-restyler name="staged" endpoint=${endpointFor('ok')} room-style="japandi" room-type="bedroom" disclose></room-restyler></form>`,
    );
    const el = form.querySelector('room-restyler')!;
    await ready(el, await samplePhoto('living-room'));
    const completed = oneEvent(el, 'room-restyler-complete');
    await click(el, 'generate');
    const { detail } = await completed;
    expect(detail.output).to.have.length(2);
    await until(() => is(el, 'result'), 'result');
    expect(part(el, 'compare')).to.exist;
    expect(part(el, 'gallery')).to.exist;
    expect(el.value).to.equal(detail.output[0]);
    expect(new FormData(form).get('staged')).to.equal(detail.output[0]);
    await expectAccessible(el);
    const compare = $(el, 'room-restyler-compare')!;
    await until(() => [...compare.shadowRoot!.querySelectorAll('img')].every((i) => i.complete && i.naturalWidth > 0), 'images');

    // The second result becomes the "after" image and the form value.
    $(part(el, 'gallery')!, '.card:nth-child(2) input')!.click();
    await el.updateComplete;
    expect(el.value).to.equal(detail.output[1]);

    const downloaded = oneEvent(el, 'room-restyler-download');
    await click(el, 'download');
    expect((await downloaded).detail.filename).to.equal('bedroom-japandi-2.jpg');
  });

  it('"try another style" generates again without uploading again', async () => {
    const { el, endpoint } = await mount('ok');
    await ready(el);
    await click(el, 'generate');
    await until(() => is(el, 'result'), 'result');
    button(el, 'Try another style').click();
    await until(() => is(el, 'ready'), 'ready');
    el.roomStyle = 'industrial';
    await click(el, 'generate');
    await until(() => is(el, 'result'), 'result');
    const { uploads, starts } = await stats(endpoint);
    expect(uploads).to.have.length(1);
    expect(starts.map((s) => s.body.style)).to.deep.equal(['modern', 'industrial']);

    // The first style's results are still there: any two can be compared.
    const thumbs = [...part(el, 'gallery')!.shadowRoot!.querySelectorAll('.card')];
    expect(thumbs.map((t) => t.textContent?.trim())).to.deep.equal(['Modern 1', 'Modern 2', 'Industrial 1', 'Industrial 2']);
    expect(thumbs[2]!.querySelector('input')!.checked, 'the newest result is shown').to.equal(true);
    const against = part<HTMLSelectElement>(el, 'compare-with')!;
    against.value = '0';
    against.dispatchEvent(new Event('change'));
    await el.updateComplete;
    const compare = $(el, 'room-restyler-compare')!;
    const [before, after] = [...compare.shadowRoot!.querySelectorAll('img')];
    expect([before!.alt, after!.alt]).to.deep.equal(['Modern 1', 'Industrial 1']);
    expect(el.value).to.equal(after!.getAttribute('src'));
  });

  it('shows a result only once its images have loaded', async () => {
    const { el, endpoint } = await mount('slowimg');
    await ready(el);
    const completed = oneEvent(el, 'room-restyler-complete');
    await click(el, 'generate');
    await until(() => is(el, 'downloading'), 'loading the result');
    expect(part(el, 'progress')!.textContent).to.contain('Loading your result…');
    expect(part(el, 'compare'), 'no comparison before the images').to.equal(null);
    expect(el.value).to.equal('');
    await expectAccessible(el);
    await releaseImages(endpoint);
    await completed;
    await until(() => is(el, 'result'), 'result');
    const images = [...$(el, 'room-restyler-compare')!.shadowRoot!.querySelectorAll('img')];
    expect(
      images.every((i) => i.complete && i.naturalWidth > 0),
      'both images already loaded',
    ).to.equal(true);
  });

  it('says on Cancel whether the preview still counts', async () => {
    const uploading = await mount('slowup');
    await ready(uploading.el);
    await click(uploading.el, 'generate');
    await until(() => is(uploading.el, 'uploading'), 'uploading');
    await click(uploading.el, 'cancel');
    await until(() => part(uploading.el, 'notice') !== null, 'the notice');
    expect(part(uploading.el, 'notice')!.textContent).to.equal('Cancelled in time: no preview was used.');
    expect($(uploading.el, '[role="status"]')!.textContent).to.equal(part(uploading.el, 'notice')!.textContent);

    const { el } = await mount('slow');
    let phase = '';
    el.addEventListener('room-restyler-progress', (event) => (phase = event.detail.phase));
    await ready(el);
    await click(el, 'generate');
    await until(() => phase === 'generating', 'the job accepted');
    await click(el, 'cancel');
    await until(() => part(el, 'notice') !== null, 'the notice');
    expect(part(el, 'notice')!.textContent).to.contain('it counts as a preview');
  });

  it('refuses an image URL that does not load, and offers no Generate for it', async () => {
    const { el } = await mount('ok');
    // Nothing listens on port 9 of this machine: the address cannot be loaded.
    await el.selectUrl('http://127.0.0.1:9/room.jpg');
    expect(part(el, 'error')!.textContent).to.equal('No image could be loaded from this address.');
    expect(part(el, 'generate')).to.equal(null);
    await el.selectUrl(`${location.origin}/samples/bedroom.jpg`);
    expect(is(el, 'ready')).to.equal(true);
  });

  it('waits out a limit with a countdown, then retries the same action', async () => {
    const { el, endpoint } = await mount('limitshort');
    let phase = '';
    el.addEventListener('room-restyler-progress', (event) => (phase = event.detail.phase));
    await ready(el);
    // The second start follows the first at once (its job cancelled, not waited for), so it falls in the 2 s window
    // however long a job takes on a busy machine.
    await click(el, 'generate');
    await until(() => phase === 'generating', 'the first job accepted');
    await click(el, 'cancel');
    await until(() => part(el, 'notice') !== null, 'the cancel');
    await click(el, 'generate');
    await until(() => is(el, 'error'), 'the limit');
    expect(part(el, 'error')!.textContent).to.match(/Try again in [12] seconds?\.$/);
    expect(part(el, 'retry'), 'no Retry while it cannot work').to.equal(null);
    await until(() => part(el, 'retry') !== null, 'Retry once the wait is over');
    expect(part(el, 'error')!.textContent).to.equal('You can try again now.');
    await click(el, 'retry');
    await until(() => is(el, 'result'), 'the second result');
    const { starts } = await stats(endpoint);
    expect(starts).to.have.length(2);
    expect(new Set(starts.map((s) => s.key)).size).to.equal(2);
  });

  /** A failure, the one action offered for it, and what the backend saw once it had worked. */
  const RECOVERIES = [
    // A failed job cannot be resumed: a new job, paid for, with a new key.
    { scenario: 'failonce', message: 'generation failed', action: 'Generate again', uploads: 1, keys: 2, starts: 2 },
    // A start the service failed (5xx): the proxy found it made no job and freed the key, so the same
    // action goes on under the same key — had the service made the job, that retry would find it.
    { scenario: 'upstreamfail', message: 'service had a problem', action: 'Retry', uploads: 1, keys: 1, starts: 2 },
    // A failed upload: the same action again, uploading once more and starting one job.
    { scenario: 'storefail', message: 'service had a problem', action: 'Retry', uploads: 1, keys: 1, starts: 1 },
  ];
  for (const { scenario, message, action, uploads, keys, starts } of RECOVERIES) {
    it(`${scenario}: offers ${action}, which recovers with ${keys} job key${keys > 1 ? 's' : ''}`, async () => {
      const { el, endpoint } = await generateUntil(scenario, 'error');
      expect(part(el, 'error')!.textContent).to.contain(message);
      expect(part(el, 'retry')!.textContent).to.equal(action);
      await click(el, 'retry');
      await until(() => is(el, 'result'), 'result');
      const stats = await backendStats(endpoint);
      expect(stats.uploads).to.have.length(uploads);
      expect(new Set(stats.starts.map((s) => s.key)).size, 'job keys').to.equal(keys);
      expect(stats.starts).to.have.length(starts);
    });
  }

  it('keyboard only: choose restyle, a style and a room type, generate, move the slider', async () => {
    const { el, endpoint } = await mount('ok');
    await ready(el);
    el.focus();
    // Focus starts on "Change photo"; Tab to the mode radios, arrow to "restyle".
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'ArrowDown' }); // style select: modern → minimalist
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'ArrowDown' }); // room type: living_room → bedroom
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' }); // Generate
    await until(() => is(el, 'result'), 'result');
    const [start] = (await stats(endpoint)).starts;
    expect(start).to.deep.include({ operation: 'restyle' });
    expect(start!.body).to.deep.include({ style: 'minimalist', room_type: 'bedroom' });

    const range = $<HTMLInputElement>($(el, 'room-restyler-compare')!, 'input[type="range"]')!;
    range.focus();
    await sendKeys({ press: 'ArrowRight' });
    expect(range.value).to.equal('51');
    await sendKeys({ press: 'End' });
    expect(range.value).to.equal('100');
    await sendKeys({ press: 'Home' });
    expect(range.value).to.equal('0');
  });

  it('speaks German and mirrors for right-to-left from an ancestor', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div lang="de" dir="rtl"><room-restyler endpoint=${endpointFor('ok')}></room-restyler></div>`,
    );
    const el = wrapper.querySelector('room-restyler')!;
    await el.updateComplete;
    expect($(el, 'room-restyler-drop-zone')!.shadowRoot!.textContent).to.contain('Foto eines Raums hier ablegen');
    expect(part(el, 'url')!.textContent).to.contain('Oder Bild-URL einfügen');
    await ready(el);
    await click(el, 'generate');
    await until(() => is(el, 'result'), 'result');
    const compare = $(el, 'room-restyler-compare')!;
    const after = $(compare, '.clip')!;
    // 50 %: the "after" half is clipped from the right in RTL, from the left in LTR.
    expect(getComputedStyle(after).clipPath).to.equal('inset(0px 50% 0px 0px)');
    await expectAccessible(el);
  });

  it('heads the widget with what the chosen mode does, in the verb of its choice, in each language', async () => {
    const el = await fixture<RoomRestyler>(html`<room-restyler endpoint=${endpointFor('ok')}></room-restyler>`);
    const headings = {
      en: ['See this room furnished', 'Furnish an empty room', 'See this room restyled', 'Restyle the furniture'],
      de: ['Diesen Raum einrichten', 'Leeren Raum einrichten', 'Diesen Raum neu gestalten', 'Möbel neu gestalten'],
      fr: ['Voir cette pièce meublée', 'Meubler une pièce vide', 'Voir cette pièce relookée', 'Relooker le mobilier'],
    };
    await ready(el);
    for (const [lang, [staging, stagingMode, restyle, restyleMode]] of Object.entries(headings)) {
      el.lang = lang;
      for (const [mode, heading, choice] of [
        ['staging', staging, stagingMode],
        ['restyle', restyle, restyleMode],
      ] as const) {
        el.mode = mode;
        await el.updateComplete;
        expect($(el, '.title')!.textContent, `${lang} ${mode}`).to.equal(heading);
        expect(part(el, 'base')!.getAttribute('aria-label')).to.equal(heading);
        expect(part(el, 'mode')!.textContent).to.contain(choice);
      }
    }
  });

  it('50 mount/unmount cycles, mid-generation, leave no listeners or timers behind', async function () {
    this.timeout(90_000);
    const targets = [window, document] as EventTarget[];
    const live = new Set<string>();
    const timers = new Set<number>();
    type Timer = (handler: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => number;
    type Clear = (id?: number) => void;
    const originals = {
      add: EventTarget.prototype.addEventListener,
      remove: EventTarget.prototype.removeEventListener,
      setTimeout: window.setTimeout as unknown as Timer,
      clearTimeout: window.clearTimeout as unknown as Clear,
      setInterval: window.setInterval as unknown as Timer,
      clearInterval: window.clearInterval as unknown as Clear,
    };
    const ids = new WeakMap<object, number>();
    let next = 0;
    const id = (o: object) => {
      const known = ids.get(o);
      if (known !== undefined) return known;
      ids.set(o, ++next);
      return next;
    };
    const key = (t: EventTarget, type: string, l: unknown, o?: boolean | EventListenerOptions) =>
      `${targets.indexOf(t)}:${type}:${typeof l === 'object' || typeof l === 'function' ? id(l as object) : 0}:${typeof o === 'boolean' ? o : !!o?.capture}`;
    EventTarget.prototype.addEventListener = function (
      this: EventTarget,
      type: string,
      l: EventListenerOrEventListenerObject | null,
      o?: boolean | AddEventListenerOptions,
    ) {
      if (targets.includes(this) && l) live.add(key(this, type, l, o));
      return originals.add.call(this, type, l, o);
    };
    EventTarget.prototype.removeEventListener = function (
      this: EventTarget,
      type: string,
      l: EventListenerOrEventListenerObject | null,
      o?: boolean | EventListenerOptions,
    ) {
      if (targets.includes(this) && l) live.delete(key(this, type, l, o));
      return originals.remove.call(this, type, l, o);
    };
    const wrapped: Record<string, Timer | Clear> = {
      setTimeout: (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
        const t = originals.setTimeout.call(
          window,
          (...a: unknown[]) => {
            timers.delete(t);
            fn(...a);
          },
          ms,
          ...args,
        );
        timers.add(t);
        return t;
      },
      clearTimeout: (t?: number) => {
        if (t !== undefined) timers.delete(t);
        originals.clearTimeout.call(window, t);
      },
      setInterval: (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
        const t = originals.setInterval.call(window, fn, ms, ...args);
        timers.add(t);
        return t;
      },
      clearInterval: (t?: number) => {
        if (t !== undefined) timers.delete(t);
        originals.clearInterval.call(window, t);
      },
    };
    Object.assign(window, wrapped);

    try {
      const photo = await makePhoto(512, 384);
      const baseline = { listeners: live.size, timers: timers.size };
      for (let i = 0; i < 50; i++) {
        const el = document.createElement('room-restyler');
        el.endpoint = endpointFor('slow');
        el.pasteScope = 'document';
        document.body.append(el);
        await el.selectFile(photo);
        void el.generate();
        await until(() => is(el, 'generating'), 'generating');
        el.remove();
        await new Promise((r) => originals.setTimeout.call(window, r, 0));
      }
      await until(() => timers.size === baseline.timers, `timers back to ${baseline.timers} (now ${timers.size})`);
      expect(live.size, [...live].join(', ')).to.equal(baseline.listeners);
    } finally {
      Object.assign(EventTarget.prototype, { addEventListener: originals.add, removeEventListener: originals.remove });
      Object.assign(window, {
        setTimeout: originals.setTimeout,
        clearTimeout: originals.clearTimeout,
        setInterval: originals.setInterval,
        clearInterval: originals.clearInterval,
      });
    }
  });
});
