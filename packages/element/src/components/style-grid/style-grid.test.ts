/**
 * `try-styles`: several styles picked, priced before the click, started by one request and shown in
 * a grid as each arrives — end to end through the real proxy in front of the simulator.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../define.js';
import '../../test/backend-contract.js';
import { backendStats, expectAccessible, phoneViewport, samplePhoto, screenshot, tap, until } from '../../test/helpers.js';
import { completeJobs, is, mount, part, ready } from '../../test/widget.js';
import type { RoomRestyler } from '../room-restyler/room-restyler.js';

type Checks = HTMLElement & { picked: readonly string[]; updateComplete: Promise<unknown> };

/** A widget offering up to 4 styles, with a photo, once the visitor chose to compare several (its cards then checkboxes). */
async function triesWidget(scenario: string, turnOn = async (toggle: HTMLInputElement): Promise<unknown> => toggle.click(), attrs = '') {
  const mounted = await mount(scenario, `try-styles="4" ${attrs}`);
  await ready(mounted.el, await samplePhoto('living-room'));
  await until(() => !!part(mounted.el, 'try-styles'), 'the choice to compare styles');
  // Off until the visitor turns it on: one style, as without `try-styles`.
  expect(part(mounted.el, 'style')!.localName).to.equal('room-restyler-cards');
  await turnOn(part(mounted.el, 'try-styles')!.querySelector('input')!);
  await until(() => part(mounted.el, 'style')?.localName === 'room-restyler-style-checks', 'the multi-select');
  const checks = part<Checks>(mounted.el, 'style')!;
  await checks.updateComplete;
  return { ...mounted, checks };
}

const box = (checks: Checks, style: string) => checks.shadowRoot!.querySelector<HTMLInputElement>(`input[value="${style}"]`)!;
const cells = (el: RoomRestyler) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="grid-cell"]')];
const price = (el: RoomRestyler) => part(el, 'price')?.textContent?.trim();

/** Waits for every cell of the grid to show its result. */
async function filled(el: RoomRestyler, count: number) {
  await until(() => is(el, 'grid'), 'the grid');
  await until(() => cells(el).filter((cell) => cell.querySelector('[part~="grid-result"] img')).length === count, 'every style');
  const images = cells(el).map((cell) => cell.querySelector<HTMLImageElement>('[part~="grid-result"] img')!);
  await until(() => images.every((img) => img.complete && img.naturalWidth > 0), 'the images');
}

describe('<room-restyler try-styles>', function () {
  this.timeout(120_000);

  it('3 styles picked: the price shows before the click, one request starts 3 jobs, and the grid fills with each style', async () => {
    const { el, endpoint, checks } = await triesWidget('tries');
    expect(checks.picked).to.deep.equal(['modern']);
    expect(price(el)).to.equal(undefined);
    box(checks, 'scandinavian').click();
    box(checks, 'japandi').click();
    await el.updateComplete;
    expect(price(el)).to.equal('3 styles · 3 credits');
    expect(part(el, 'generate')!.textContent!.trim()).to.equal('Try 3 styles');
    expect((await backendStats(endpoint)).received).to.deep.equal([]);
    await screenshot('tries-picked-desk', 1280);
    await screenshot('tries-picked-phone', 390);
    await expectAccessible(el);

    part(el, 'generate')!.click();
    await filled(el, 3);
    const stats = await backendStats(endpoint);
    expect(stats.received.map((r) => r.path)).to.deep.equal(['/api/v1/tries']);
    expect(stats.received[0]!.body).to.include({ operation: 'enhance', room_type: 'living_room' });
    expect(stats.received[0]!.body.styles).to.deep.equal(['modern', 'scandinavian', 'japandi']);
    expect(stats.starts.map((s) => s.operation)).to.deep.equal(['enhance', 'enhance', 'enhance']);
    // Each cell is labelled by its style, its picture too; the original leads.
    expect(cells(el).map((cell) => cell.querySelector('figcaption')!.textContent!.trim())).to.deep.equal([
      'Modern',
      'Scandinavian',
      'Japandi',
    ]);
    expect(cells(el).map((cell) => cell.querySelector('img')!.alt)).to.deep.equal(['Modern', 'Scandinavian', 'Japandi']);
    expect(part(el, 'grid')!.querySelector('figcaption')!.textContent).to.equal('Original photo');
    expect(part(el, 'status')!.textContent).to.contain('3 of 3 ready');
    await screenshot('tries-grid-desk', 1280);
    await screenshot('tries-grid-phone', 390);
    await expectAccessible(el);

    // A style opens as a single result does: compared with the original, downloadable.
    const japandi = cells(el)[2]!.querySelector<HTMLButtonElement>('[part~="grid-result"]')!;
    japandi.click();
    await until(() => is(el, 'result'), 'the result');
    expect(el.value).to.equal(japandi.querySelector('img')!.src);
    expect(part(el, 'download')).to.not.equal(null);
    part(el, 'try-another')!.click();
    await until(() => is(el, 'grid'), 'back to the grid');
  });

  it('a visitor over their limit hears how many styles are left, nothing is spent, and fewer styles then start', async () => {
    const { el, endpoint, checks } = await triesWidget('triesleft');
    for (const style of ['scandinavian', 'japandi']) box(checks, style).click();
    await el.updateComplete;
    part(el, 'generate')!.click();
    await until(() => is(el, 'error'), 'the refusal');
    expect(part(el, 'error')!.textContent).to.contain('You can try 2 more styles now. Choose fewer styles.');
    expect((await backendStats(endpoint)).starts).to.deep.equal([]);
    await el.updateComplete;
    // No third style can be picked now; one less is.
    expect(box(checks, 'coastal').disabled).to.equal(true);
    box(checks, 'japandi').click();
    await el.updateComplete;
    expect(is(el, 'ready')).to.equal(true);
    expect(price(el)).to.equal('2 styles · 2 credits');
    part(el, 'generate')!.click();
    await filled(el, 2);
    expect((await backendStats(endpoint)).starts).to.have.length(2);
  });

  it('a style that fails shows its error in its cell, the others their result; its Retry starts it alone', async () => {
    const { el, endpoint, checks } = await triesWidget('failonce');
    box(checks, 'scandinavian').click();
    await el.updateComplete;
    part(el, 'generate')!.click();
    await until(() => is(el, 'grid') && !!part(el, 'grid-retry') && !part(el, 'cancel'), 'one style failed, the other done');
    const failed = part(el, 'grid-retry')!.closest<HTMLElement>('[part~="grid-cell"]')!;
    expect(failed.querySelector('[part~="grid-error"]')!.textContent).to.equal(
      'The generation failed. Generate again, or choose another style.',
    );
    expect(cells(el).filter((cell) => cell.querySelector('[part~="grid-result"]'))).to.have.length(1);
    expect(part(el, 'status')!.textContent).to.contain('1 of 2 ready');
    await screenshot('tries-failed-desk', 1280);
    part(el, 'grid-retry')!.click();
    await filled(el, 2);
    const stats = await backendStats(endpoint);
    expect(stats.starts).to.have.length(3);
    expect(stats.starts[2]!.body.style).to.equal(failed.dataset.style);
  });

  it('each cell shows its own progress while its style is made; Cancel stops following them and Retry follows them again', async () => {
    const { el, endpoint, checks } = await triesWidget('slow');
    box(checks, 'coastal').click();
    await el.updateComplete;
    part(el, 'generate')!.click();
    await until(() => is(el, 'grid') && cells(el).every((cell) => cell.querySelector('[role="progressbar"]')), 'a bar in every cell');
    expect(cells(el).map((cell) => cell.querySelector('[role="progressbar"]')!.getAttribute('aria-label'))).to.deep.equal([
      'Modern',
      'Coastal',
    ]);
    expect(part(el, 'status')!.textContent).to.contain('0 of 2 ready');
    await screenshot('tries-progress-phone', 390);
    await expectAccessible(el);
    part(el, 'cancel')!.click();
    await until(() => el.shadowRoot!.querySelectorAll('[part~="grid-retry"]').length === 2, 'both cancelled');
    await completeJobs(endpoint);
    for (const retry of el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="grid-retry"]')) retry.click();
    await filled(el, 2);
    // Followed again, not started again.
    expect((await backendStats(endpoint)).starts).to.have.length(2);
  });

  it('says the choice, the price and the button in German and French', async () => {
    for (const [lang, compare, priced, button] of [
      ['de', 'Mehrere Stile vergleichen (bis zu 4)', '2 Stile · 2 Credits', '2 Stile ausprobieren'],
      ['fr', 'Comparer plusieurs styles (jusqu’à 4)', '2 styles · 2 crédits', 'Essayer 2 styles'],
    ]) {
      const { el, checks } = await triesWidget('tries', undefined, `lang="${lang}"`);
      expect(part(el, 'try-styles')!.textContent!.trim()).to.equal(compare);
      box(checks, 'coastal').click();
      await el.updateComplete;
      expect(price(el)).to.equal(priced);
      expect(part(el, 'generate')!.textContent!.trim()).to.equal(button);
    }
  });

  it('styles are picked with the keyboard alone', async () => {
    const { el, checks } = await triesWidget('tries', async (toggle) => {
      toggle.focus();
      await sendKeys({ press: 'Space' });
    });
    await sendKeys({ press: 'Tab' });
    expect(checks.shadowRoot!.activeElement).to.equal(box(checks, 'modern'));
    await sendKeys({ press: 'Tab' });
    const next = checks.shadowRoot!.activeElement as HTMLInputElement;
    await sendKeys({ press: 'Space' });
    await sendKeys({ press: 'Tab' });
    const third = checks.shadowRoot!.activeElement as HTMLInputElement;
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(checks.picked).to.deep.equal(['modern', next.value, third.value]);
    expect(price(el)).to.equal('3 styles · 3 credits');
    // Space again takes one back.
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(checks.picked).to.deep.equal(['modern', next.value]);
  });

  it('styles are picked by real touch taps on a phone', async () => {
    await phoneViewport(390, 844);
    const { el, checks } = await triesWidget('tries', (toggle) => {
      toggle.scrollIntoView({ block: 'center' });
      const { x, y, width, height } = toggle.getBoundingClientRect();
      return tap(x + width / 2, y + height / 2);
    });
    const cards = [...checks.shadowRoot!.querySelectorAll<HTMLElement>('[part~="card"]')];
    for (const card of cards.slice(1, 3)) {
      card.scrollIntoView({ block: 'center', inline: 'nearest' });
      const { x, y, width, height } = card.getBoundingClientRect();
      await tap(x + width / 2, y + height / 2);
    }
    await until(() => checks.picked.length === 3, 'two more styles');
    await el.updateComplete;
    expect(price(el)).to.equal('3 styles · 3 credits');
  });
});
