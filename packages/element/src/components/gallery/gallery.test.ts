import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../define.js';
import type { PartEvent } from '../../events.js';
import { expectAccessible } from '../../test/helpers.js';
import type { Gallery } from './gallery.js';

describe('room-restyler-gallery', () => {
  it('marks the shown result as pressed and reports a new choice', async () => {
    const el = await fixture<Gallery>(
      html`<room-restyler-gallery label="Results" .items=${['/samples/bedroom.jpg', '/samples/office.jpg']}></room-restyler-gallery>`,
    );
    el.itemLabel = (i) => `Result ${i + 1}`;
    await el.updateComplete;
    const buttons = el.shadowRoot!.querySelectorAll('button');
    expect([...buttons].map((b) => b.getAttribute('aria-pressed'))).to.deep.equal(['true', 'false']);
    const chosen = oneEvent(el, 'rr-select');
    buttons[1]!.click();
    expect(((await chosen) as PartEvent<'rr-select'>).detail.index).to.equal(1);
    await el.updateComplete;
    expect(buttons[1]!.getAttribute('aria-pressed')).to.equal('true');
    await expectAccessible(el);
  });
});
