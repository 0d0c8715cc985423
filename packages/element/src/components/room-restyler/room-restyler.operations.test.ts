/**
 * `operations`: the site's chosen operations as the widget's choice, end to end through the real
 * proxy (offering staging, restyling, clear sky and inpaint) in front of the simulator.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { GENERATION_OPERATIONS, type GenerationOperation, generationOperations } from '@room-restyler/core';
import { sendKeys } from '@web/test-runner-commands';
import '../../define.js';
import '../../translations/de.js';
import '../../translations/fr.js';
import '../../test/backend-contract.js';
import { backendStats, expectAccessible, samplePhoto, screenshot, until } from '../../test/helpers.js';
import type { RoomRestyler } from './room-restyler.js';

const part = <T extends HTMLElement = HTMLElement>(root: Element, name: string) => root.shadowRoot!.querySelector<T>(`[part~="${name}"]`);
const is = (el: Element, state: string) => el.matches(`:state(${state})`);
/** The words of each operation offered, in order. */
const choices = (el: RoomRestyler) => [...part(el, 'mode')!.querySelectorAll('label')].map((label) => label.textContent!.trim());

async function widget(endpoint: string, lang = 'en'): Promise<RoomRestyler> {
  const el = await fixture<RoomRestyler>(
    html`<room-restyler lang=${lang} endpoint=${endpoint} operations="clearSky,inpaint"></room-restyler>`,
  );
  await until(() => part<HTMLInputElement>(el, 'mode')!.querySelector('input')!.value === 'clearSky', 'the operations to load');
  return el;
}

/** Presses Generate and waits for the results. */
async function generate(el: RoomRestyler) {
  part(el, 'generate')!.click();
  await until(() => is(el, 'result') || is(el, 'error'), 'the result');
  expect(is(el, 'result'), part(el, 'error')?.textContent ?? 'result state').to.equal(true);
}

describe('<room-restyler operations>', function () {
  this.timeout(120_000);

  it('offers the site’s operations in its language, each with its own fields', async () => {
    expect(choices(await widget('/backend/ops-en'))).to.deep.equal(['Clear the sky', 'Repaint a marked area']);
    expect(choices(await widget('/backend/ops-de', 'de'))).to.deep.equal(['Himmel aufklaren', 'Markierten Bereich neu malen']);
    const el = await widget('/backend/ops-fr', 'fr');
    expect(choices(el)).to.deep.equal(['Dégager le ciel', 'Repeindre une zone marquée']);
    // Clear sky takes the photo alone: no style, room type or text.
    for (const name of ['style', 'room-type', 'prompt']) expect(part(el, name), name).to.equal(null);
    expect(part(el, 'base')!.getAttribute('aria-label')).to.equal('Dégager le ciel');
  });

  it('a visitor chooses clear sky and presses Generate: the proxy receives a clear-sky start', async () => {
    const endpoint = '/backend/ops-sky';
    const el = await widget(endpoint);
    await el.selectFile(await samplePhoto('living-room'));
    await el.updateComplete;
    await screenshot('operations-choice', 480);
    await expectAccessible(el);
    await generate(el);
    const stats = await backendStats(endpoint);
    expect(stats.received.map((r) => [r.path, Object.keys(r.body)])).to.deep.equal([['/api/v1/clear-sky', ['image_url']]]);
    expect(stats.starts.map((s) => s.operation)).to.deep.equal(['clearSky']);
    // The result is named by the operation (it has no style).
    expect(part<HTMLElement & { cards: { label: string }[] }>(el, 'gallery')!.cards.map((card) => card.label)).to.deep.equal([
      'Clear the sky 1',
    ]);
  });

  it('inpaint: Generate asks for the text and the mask first; the mask goes up as a PNG and the start carries mask_url', async () => {
    const endpoint = '/backend/ops-inpaint';
    const el = await widget(endpoint);
    await el.selectFile(await samplePhoto('living-room'));
    part(el, 'mode')!.querySelectorAll('input')[1]!.click();
    await el.updateComplete;
    const brush = await (async () => {
      await until(() => !!part(el, 'mask-brush')?.shadowRoot?.querySelector('canvas'), 'the mask brush');
      return part(el, 'mask-brush')!;
    })();
    const canvas = brush.shadowRoot!.querySelector('canvas')!;
    const photo = brush.shadowRoot!.querySelector<HTMLImageElement>('[part~="photo"]')!;
    await until(() => photo.complete && photo.naturalWidth > 0 && canvas.width === photo.naturalWidth, 'the photo under the brush');

    // Nothing to start yet: focus goes to what is missing, the text, then the mask.
    part(el, 'generate')!.click();
    await until(() => el.shadowRoot!.activeElement === part(el, 'prompt'), 'focus on the text');
    await sendKeys({ type: 'a green velvet sofa' });
    part(el, 'generate')!.click();
    await until(() => brush.shadowRoot!.activeElement === part(brush, 'stage'), 'focus on the brush');
    const marked = oneEvent(brush, 'room-restyler-mask-change');
    await sendKeys({ press: 'Enter' });
    await marked;
    await el.updateComplete;
    await screenshot('operations-brush', 480);
    await expectAccessible(el);
    expect((await backendStats(endpoint)).received).to.deep.equal([]);

    await generate(el);
    const stats = await backendStats(endpoint);
    expect(stats.uploads.map((u) => u.type)).to.deep.equal(['image/jpeg', 'image/png']);
    expect(stats.received).to.have.length(1);
    const [{ path, body }] = stats.received as [{ path: string; body: Record<string, string> }];
    expect(path).to.equal('/api/v1/inpaint');
    expect(Object.keys(body).sort()).to.deep.equal(['image_url', 'mask_url', 'prompt']);
    expect(body.prompt).to.equal('a green velvet sofa');
    expect(body.mask_url).to.match(/\/api\/v1\/uploads\//);
    expect(body.mask_url).not.to.equal(body.image_url);
    expect(stats.starts.map((s) => s.operation)).to.deep.equal(['inpaint']);
  });
});

/** The body keys the proxy receives for each operation the widget offers, as the widget fills its fields. */
const BODY_KEYS: Record<string, string[]> = {
  // First, before any photo: the text-only operations skip the photo step.
  freestyle: ['prompt'],
  generateFromText: ['prompt'],
  enhance: ['image_url', 'mode', 'room_type', 'style'],
  restyle: ['image_url', 'room_type', 'style'],
  emptyRoom: ['image_url'],
  lighting: ['image_url'],
  windowView: ['image_url', 'view_type'],
  clearSky: ['image_url'],
  upscale: ['image_url'],
  sketchToImage: ['image_url', 'room_type', 'style'],
  modify: ['image_url', 'mask_url', 'prompt'],
  edit: ['image_url', 'prompt'],
  inpaint: ['image_url', 'mask_url', 'prompt'],
  removeObjects: ['image_url', 'objects'],
  blurObjects: ['image_url', 'objects'],
  sketch: ['image_url', 'room_type', 'style'],
  stage: ['image_url', 'room_type', 'style'],
};

describe('<room-restyler operations> offering every operation', function () {
  this.timeout(600_000);

  for (const ackShape of ['generation', 'object'] as const) {
    it(`drives each operation through the proxy to a result (the simulator acknowledging in the ${ackShape} shape)`, async () => {
      const endpoint = `/backend/every${ackShape.slice(0, 3)}-widget`;
      const offered = Object.keys(BODY_KEYS);
      const el = await fixture<RoomRestyler>(html`<room-restyler endpoint=${endpoint} operations=${offered.join(',')}></room-restyler>`);
      await until(() => part(el, 'mode')!.querySelectorAll('input').length === offered.length, 'the operations to load');
      // Every operation the widget offers is in the list.
      expect([...offered].sort()).to.deep.equal([...GENERATION_OPERATIONS].sort());
      let seen = 0;
      for (const operation of offered) {
        const textOnly = !BODY_KEYS[operation]!.includes('image_url');
        if (!textOnly && !part(el, 'preview')?.querySelector('img')) await el.selectFile(await samplePhoto('living-room'));
        part(el, 'mode')!.querySelector<HTMLInputElement>(`input[value="${operation}"]`)!.click();
        await el.updateComplete;
        const prompt = part<HTMLTextAreaElement>(el, 'prompt');
        if (prompt) {
          prompt.value = 'a green velvet sofa, a lamp';
          prompt.dispatchEvent(new Event('input'));
        }
        const brush = part(el, 'mask-brush');
        if (brush) {
          await until(() => !!brush.shadowRoot?.querySelector('canvas') && !!part(brush, 'stage'), 'the mask brush');
          const marked = oneEvent(brush, 'room-restyler-mask-change');
          part(brush, 'stage')!.focus();
          await sendKeys({ press: 'Enter' });
          await marked;
        }
        await generate(el);
        const stats = await backendStats(endpoint);
        // The first start of a page also fetches the proxy's visitor cookie (a 428, then the same start again).
        const received = stats.received.slice(seen).map(({ path, body }) => [path, Object.keys(body).sort()]);
        seen = stats.received.length;
        expect(received, operation).to.have.length.above(0);
        for (const start of received)
          expect(start, operation).to.deep.equal([generationOperations[operation as GenerationOperation].path, BODY_KEYS[operation]]);
        expect(stats.starts.map((s) => s.operation).at(-1)).to.equal(operation);
        if (textOnly) {
          // No photo went up, and the room made from words shows alone, without a "before".
          expect(stats.uploads, operation).to.deep.equal([]);
          expect(part(el, 'compare'), operation).to.equal(null);
          expect(part<HTMLImageElement>(el, 'after')!.getAttribute('src'), operation).not.to.equal('');
        } else expect(part<HTMLElement & { afterSrc: string }>(el, 'compare')!.afterSrc, operation).not.to.equal('');
        part(el, 'try-another')!.click();
        await until(() => is(el, 'ready'), 'the choices again');
      }
    });
  }
});
