/** Every visible string from the catalogues, in the language in effect now, with numbers through Intl. */
import { expect, fixture, html } from '@open-wc/testing';
import '../../define.js';
import '../../test/backend-contract.js';
import '../../translations/de.js';
import '../../translations/fr.js';
import { registerLocale } from '../../i18n/localize.js';
import { DEFAULT_LIMITS } from '../../image/prepare.js';
import { makePhoto, until } from '../../test/helpers.js';
import { drop, endpointFor, is, mount, part } from '../../test/widget.js';
import type { RoomRestyler } from './room-restyler.js';

const cardNames = (el: RoomRestyler) => [...part(el, 'style')!.shadowRoot!.querySelectorAll('.name')].map((n) => n.textContent);
const roomNames = (el: RoomRestyler) => [...part<HTMLSelectElement>(el, 'room-type')!.options].map((o) => o.textContent);
/** The text of a node, its shadow roots included, as a visitor sees it. */
function deepText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  const root = node instanceof Element && node.shadowRoot ? node.shadowRoot : node;
  return [...root.childNodes].map(deepText).join(' ');
}
const text = (el: RoomRestyler) => deepText(el).replace(/\s+/g, ' ');

describe('<room-restyler> languages', () => {
  afterEach(() => document.documentElement.removeAttribute('lang'));

  it('names styles and room types in German and French', async () => {
    const { el } = await mount('ok', 'lang="de"');
    expect(cardNames(el).slice(0, 3)).to.deep.equal(['Modern', 'Minimalistisch', 'Skandinavisch']);
    expect(roomNames(el).slice(0, 3)).to.deep.equal(['Wohnzimmer', 'Schlafzimmer', 'Küche']);
    el.lang = 'fr';
    await until(() => cardNames(el)[2] === 'Scandinave', 'French');
    expect(roomNames(el)[0]).to.equal('Salon');
    expect(text(el)).to.contain('Déposez la photo d’une pièce');
  });

  it('falls back to English, key by key, for a partial catalogue', async () => {
    registerLocale('nl', { generate: 'Genereren', style_modern: 'Modern (NL)' });
    const { el } = await mount('ok', 'lang="nl-BE"');
    expect(cardNames(el).slice(0, 2)).to.deep.equal(['Modern (NL)', 'Minimalist']);
    expect(text(el)).to.contain('Drop a photo of a room');
    drop(el, await makePhoto(800, 600));
    await until(() => is(el, 'ready'), 'ready');
    expect(part(el, 'generate')!.textContent).to.equal('Genereren');
  });

  it('follows lang changes at run time: its own, an ancestor’s and <html lang>', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div><section><room-restyler endpoint=${endpointFor('ok')}></room-restyler></section></div>`,
    );
    const el = wrapper.querySelector('room-restyler')!;
    expect(text(el)).to.contain('Drop a photo of a room');
    document.documentElement.lang = 'de';
    await until(() => text(el).includes('Foto eines Raums hier ablegen'), '<html lang="de">');
    wrapper.lang = 'fr';
    await until(() => text(el).includes('Déposez la photo'), 'an ancestor’s lang="fr"');
    el.lang = 'en';
    await until(() => text(el).includes('Drop a photo of a room'), 'its own lang="en"');
    el.removeAttribute('lang');
    await until(() => text(el).includes('Déposez la photo'), 'back to the ancestor’s');
  });

  it('writes sizes and waits the German way, through Intl', async () => {
    const { el } = await mount('limit', 'lang="de"');
    el.limits = { ...DEFAULT_LIMITS, maxBytes: 1024 * 1024 };
    // A JPEG by its first bytes, 1.6 MB long: refused for its size before it is decoded.
    drop(el, new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), new Uint8Array(1.6 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' }));
    await until(() => part(el, 'error') !== null, 'the refusal');
    expect(part(el, 'error')!.textContent).to.equal('Dieses Foto hat 1,6 MB; erlaubt sind 1 MB.');

    el.limits = DEFAULT_LIMITS;
    await el.selectFile(await makePhoto(800, 600));
    await el.generate();
    expect(part(el, 'error')!.textContent).to.equal('Sie haben das Limit an Vorschauen erreicht. Erneut möglich in 10 Minuten.');
  });
});
