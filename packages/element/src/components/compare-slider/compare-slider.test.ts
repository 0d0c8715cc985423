import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../define.js';
import { expectAccessible } from '../../test/helpers.js';
import type { CompareSlider } from './compare-slider.js';

const mount = () =>
  fixture<CompareSlider>(
    html`<room-restyler-compare style="width: 400px; height: 300px" before-src="/samples/living-room.jpg" after-src="/samples/office.jpg" before-label="Before" after-label="After" label="Before and after"></room-restyler-compare>`,
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

  it('moves the divider to a press and with a drag, mirrored right to left', async () => {
    for (const dir of ['ltr', 'rtl']) {
      const el = await mount();
      el.dir = dir;
      await el.updateComplete;
      const frame = el.shadowRoot!.querySelector('.frame')!.getBoundingClientRect();
      const at = (share: number) => [Math.round(frame.x + frame.width * share), Math.round(frame.y + frame.height / 3)] as [number, number];
      await sendMouse({ type: 'move', position: at(0.25) });
      await sendMouse({ type: 'down' });
      await el.updateComplete;
      expect(el.position).to.be.closeTo(dir === 'ltr' ? 25 : 75, 1);
      await sendMouse({ type: 'move', position: at(0.6) });
      await sendMouse({ type: 'up' });
      await el.updateComplete;
      expect(el.position).to.be.closeTo(dir === 'ltr' ? 60 : 40, 1);
      expect(el.shadowRoot!.querySelector('input')!.value).to.equal(String(el.position));
    }
  });

  it('lets vertical swipes scroll the page', async () => {
    const el = await mount();
    expect(getComputedStyle(el.shadowRoot!.querySelector('.frame')!).touchAction).to.equal('pan-y');
  });
});
