import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { STYLES } from '@room-restyler/core/vocabulary';
import { a11ySnapshot, sendKeys } from '@web/test-runner-commands';
import '../../define.js';
import type { PartEvent } from '../../events.js';
import { expectAccessible, until } from '../../test/helpers.js';
import type { ChoiceCards } from './choice-cards.js';

const styleCards = () =>
  fixture<ChoiceCards>(
    html`<room-restyler-cards label="Style" value="scandinavian" .cards=${STYLES.map(({ id, label }) => ({ id, label }))}></room-restyler-cards>`,
  );

const chosenBy = async (el: ChoiceCards, act: () => unknown) => {
  const chosen = oneEvent(el, 'rr-choose');
  await act();
  return ((await chosen) as PartEvent<'rr-choose'>).detail.id;
};

describe('room-restyler-cards', () => {
  it('is a named radio group: arrow keys choose, and the chosen card carries more than colour', async () => {
    const el = await styleCards();
    const radios = [...el.shadowRoot!.querySelectorAll('input')];
    expect(radios.every((r) => r.type === 'radio')).to.equal(true);
    expect(el.shadowRoot!.querySelector('legend')!.textContent).to.equal('Style');
    el.focus();
    expect(el.shadowRoot!.activeElement).to.equal(radios.find((r) => r.value === 'scandinavian'));
    expect(await chosenBy(el, () => sendKeys({ press: 'ArrowRight' }))).to.equal('luxury');
    await el.updateComplete;
    const mark = getComputedStyle(el.shadowRoot!.querySelector('.card:has(:checked) .swatch')!, '::after');
    expect(mark.content).not.to.equal('none');
    await expectAccessible(el);
  });

  it('names the chosen card by its style alone: a screen reader says "checked", not "check mark"', async () => {
    await styleCards();
    const names: string[] = [];
    type AxNode = { role?: string; name?: string; children?: AxNode[] };
    const collect = (node: AxNode) => {
      if (node.role === 'radio') names.push(node.name ?? '');
      for (const child of node.children ?? []) collect(child);
    };
    // Typed `void` by the package, it resolves with the page's tree.
    collect((await a11ySnapshot({})) as unknown as AxNode);
    expect(names).to.include('Scandinavian');
    expect(names.filter((name) => name.includes('✓'))).to.deep.equal([]);
  });

  it('gives every style card without a picture the same plain tile, as tall as a picture', async () => {
    const el = await styleCards();
    const tiles = [...el.shadowRoot!.querySelectorAll<HTMLElement>('.card .swatch')];
    expect(tiles).to.have.length(STYLES.length);
    const looks = new Set(tiles.map((tile) => `${getComputedStyle(tile).background} ${tile.getBoundingClientRect().height}`));
    expect(looks.size).to.equal(1);
    expect(tiles[0]!.getBoundingClientRect().height).to.be.greaterThan(40);
  });

  it('shows a style’s preview over its tile, lazily, and the tile alone when the preview fails', async () => {
    const el = await fixture<ChoiceCards>(
      html`<room-restyler-cards
        label="Style"
        .cards=${[
          { id: 'modern', label: 'Modern', preview: '/previews/modern.webp' },
          { id: 'japandi', label: 'Japandi', preview: '/previews/no-such-style.webp' },
          { id: 'wabi_sabi', label: 'Wabi sabi' },
        ]}
      ></room-restyler-cards>`,
    );
    const [modern, japandi, free] = [...el.shadowRoot!.querySelectorAll('.card')];
    const picture = modern!.querySelector<HTMLImageElement>('.swatch img')!;
    expect([picture.loading, picture.decoding, picture.alt]).to.deep.equal(['lazy', 'async', '']);
    await until(() => picture.complete && picture.naturalWidth === 224, 'the preview loads');
    // It covers the tile.
    expect(picture.getBoundingClientRect().toJSON()).to.deep.equal(modern!.querySelector('.swatch')!.getBoundingClientRect().toJSON());
    await until(() => !japandi!.querySelector('img'), 'the failed preview is gone');
    expect(japandi!.querySelector('.swatch')!.getBoundingClientRect().height).to.equal(picture.getBoundingClientRect().height);
    expect(free!.querySelector('img')).to.equal(null);
    // Another picture for the card (the site's own, given late) is tried, and shows.
    el.cards = el.cards.map((card) => (card.id === 'japandi' ? { ...card, preview: '/previews/japandi.webp' } : card));
    await until(() => japandi!.querySelector('img')?.naturalWidth === 224, 'the other preview loads');
    // The names stay for everyone, screen readers included.
    expect([...el.shadowRoot!.querySelectorAll('.name')].map((n) => n.textContent)).to.deep.equal(['Modern', 'Japandi', 'Wabi sabi']);
    await expectAccessible(el);
  });

  it('shows results as pictures: the shown one is checked, and choosing another reports it', async () => {
    const el = await fixture<ChoiceCards>(
      html`<room-restyler-cards
        label="Results"
        wrap
        value="0"
        .cards=${[
          { id: '0', label: 'Result 1', image: '/samples/bedroom.jpg' },
          { id: '1', label: 'Result 2', image: '/samples/office.jpg' },
        ]}
      ></room-restyler-cards>`,
    );
    const radios = [...el.shadowRoot!.querySelectorAll('input')];
    expect(radios.map((r) => r.checked)).to.deep.equal([true, false]);
    expect(el.shadowRoot!.querySelectorAll('img')).to.have.length(2);
    expect(await chosenBy(el, () => radios[1]!.click())).to.equal('1');
    expect(radios[1]!.checked).to.equal(true);
    await expectAccessible(el);
  });
});
