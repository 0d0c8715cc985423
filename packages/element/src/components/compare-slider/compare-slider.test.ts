import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../define.js';
import { expectAccessible } from '../../test/helpers.js';
import type { CompareSlider } from './compare-slider.js';

const mount = () =>
  fixture<CompareSlider>(
    html`<room-restyler-compare before-src="/samples/living-room.jpg" after-src="/samples/office.jpg" before-label="Before" after-label="After" label="Before and after"></room-restyler-compare>`,
  );

describe('room-restyler-compare', () => {
  it('is a named native slider whose value text says what is shown', async () => {
    const el = await mount();
    el.valueText = (p) => `${p}% before`;
    await el.updateComplete;
    const range = el.shadowRoot!.querySelector('input')!;
    expect(range.type).to.equal('range');
    expect(range.getAttribute('aria-label')).to.equal('Before and after');
    expect(range.getAttribute('aria-valuetext')).to.equal('50% before');
    await expectAccessible(el);
  });

  it('moves the clip with arrows, Home and End', async () => {
    const el = await mount();
    const range = el.shadowRoot!.querySelector('input')!;
    const after = el.shadowRoot!.querySelector('.clip')!;
    range.focus();
    await sendKeys({ press: 'ArrowLeft' });
    await el.updateComplete;
    expect(el.position).to.equal(49);
    expect(getComputedStyle(after).clipPath).to.equal('inset(0px 0px 0px 49%)');
    await sendKeys({ press: 'End' });
    await el.updateComplete;
    expect(el.position).to.equal(100);
    await sendKeys({ press: 'Home' });
    await el.updateComplete;
    expect(el.position).to.equal(0);
  });

  it('lets vertical swipes scroll the page', async () => {
    const el = await mount();
    expect(getComputedStyle(el.shadowRoot!.querySelector('.frame')!).touchAction).to.equal('pan-y');
  });
});
