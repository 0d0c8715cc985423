/**
 * The CDN build as `pnpm build` writes it (dist/cdn): a language's module imports the bundle beside
 * it, so its one script tag gives the widget in that language from the first render.
 */
import { expect } from '@open-wc/testing';

describe('the CDN build', () => {
  it('a language’s module brings the bundle and registers the language before the widget renders', async () => {
    document.body.innerHTML = '<room-restyler lang="de"></room-restyler>';
    const german = '/dist/cdn/translations/de.js';
    await import(german);
    const el = document.querySelector('room-restyler') as HTMLElement & { updateComplete: Promise<boolean> };
    await el.updateComplete;
    expect(el.shadowRoot?.querySelector('.title')?.textContent).to.equal('Diesen Raum einrichten');
  });
});
