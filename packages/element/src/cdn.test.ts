/**
 * The CDN build as `pnpm build` writes it (dist/cdn), served as plain files: a language's module
 * imports the bundle beside it, so its one script tag gives the widget in that language from the
 * first render; the modules the entry loads on first use are found beside it by relative URLs.
 */
import { expect } from '@open-wc/testing';
import { samplePhoto, until } from './test/helpers.js';

type Widget = HTMLElement & { updateComplete: Promise<boolean>; selectFile(file: File): Promise<void> };
const part = (root: Element, name: string) => root.shadowRoot?.querySelector<HTMLElement>(`[part~="${name}"]`) ?? null;
/** The paths of the CDN build's modules the page has loaded. */
const loaded = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => path.startsWith('/dist/cdn/'));

describe('the CDN build', () => {
  it('a language’s module brings the bundle and registers the language before the widget renders', async () => {
    document.body.innerHTML = '<room-restyler lang="de"></room-restyler>';
    const german = '/dist/cdn/translations/de.js';
    await import(german);
    const el = document.querySelector('room-restyler') as Widget;
    await el.updateComplete;
    expect(el.shadowRoot?.querySelector('.title')?.textContent).to.equal('Diesen Raum einrichten');
  });

  it('offers the site’s operations: the operations module and the mask brush load from beside the entry', async () => {
    const bundle = '/dist/cdn/room-restyler.js';
    await import(bundle);
    expect(loaded().filter((path) => /\/(operations|mask-brush)-/.test(path))).to.deep.equal([]);
    document.body.innerHTML = '<room-restyler operations="clearSky,inpaint"></room-restyler>';
    const el = document.querySelector('room-restyler') as Widget;
    const modes = () => [...(part(el, 'mode')?.querySelectorAll('input') ?? [])];
    await until(() => modes()[0]?.value === 'clearSky', 'the operations to load');
    expect(modes().map((input) => input.value)).to.deep.equal(['clearSky', 'inpaint']);
    await el.selectFile(await samplePhoto('living-room'));
    modes()[1]!.click();
    await until(() => !!part(el, 'mask-brush')?.shadowRoot?.querySelector('canvas'), 'the mask brush');
    const modules = loaded().filter((path) => path.startsWith('/dist/cdn/room-restyler/'));
    expect(
      modules.some((path) => /^\/dist\/cdn\/room-restyler\/operations-\w+\.js$/.test(path)),
      modules.join(),
    ).to.equal(true);
    expect(
      modules.some((path) => /^\/dist\/cdn\/room-restyler\/mask-brush-\w+\.js$/.test(path)),
      modules.join(),
    ).to.equal(true);
  });
});
