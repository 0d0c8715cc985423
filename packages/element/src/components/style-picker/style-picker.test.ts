import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { STYLES } from '@room-restyler/core/vocabulary';
import { sendKeys } from '@web/test-runner-commands';
import '../../define.js';
import type { PartEvent } from '../../events.js';
import { expectAccessible } from '../../test/helpers.js';
import type { StylePicker } from './style-picker.js';

const mount = () =>
  fixture<StylePicker>(
    html`<room-restyler-style-picker label="Style" value="scandinavian" .choices=${STYLES.map(({ id, label }) => ({ id, label }))}></room-restyler-style-picker>`,
  );

describe('room-restyler-style-picker', () => {
  it('is a named radio group: arrow keys choose, and the chosen card carries more than colour', async () => {
    const el = await mount();
    const radios = [...el.shadowRoot!.querySelectorAll('input')];
    expect(radios.map((r) => r.type)).to.satisfy((types: string[]) => types.every((t) => t === 'radio'));
    expect(el.shadowRoot!.querySelector('legend')!.textContent).to.equal('Style');
    el.focus();
    expect(el.shadowRoot!.activeElement).to.equal(radios.find((r) => r.value === 'scandinavian'));
    const chosen = oneEvent(el, 'rr-style');
    await sendKeys({ press: 'ArrowRight' });
    expect(((await chosen) as PartEvent<'rr-style'>).detail.id).to.equal('luxury');
    await el.updateComplete;
    const mark = getComputedStyle(el.shadowRoot!.querySelector('.card:has(:checked) .swatch')!, '::after');
    expect(mark.content).not.to.equal('none');
    await expectAccessible(el);
  });

  it('previews each style in the colours the simulator paints it with', async () => {
    const el = await mount();
    const palettes = (await (await fetch('/backend/__palettes')).json()) as Record<string, string[]>;
    const drawn = Object.fromEntries(
      [...el.shadowRoot!.querySelectorAll<HTMLElement>('.card')].map((card) => {
        const swatch = card.querySelector<HTMLElement>('.swatch')!;
        const colours = ['--f', '--w', '--s', '--d'].map((name) => swatch.style.getPropertyValue(name));
        return [card.querySelector('input')!.value, colours];
      }),
    );
    expect(drawn).to.deep.equal(palettes);
  });
});
