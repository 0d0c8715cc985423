/**
 * Every state of the widget at 320, 390, 768 and 1280 px, light in English, German and French and
 * dark in English: screenshotted (test-output/screenshots/, or the committed screenshots/ with
 * UPDATE_SCREENSHOTS=1), checked by axe, and measured — at each width the widget has one height in
 * every state and language, no card name is cut, the choices' labels line up and the results sit
 * right above the status line.
 */
import { expect } from '@open-wc/testing';
import '../../define.js';
import '../../test/backend-contract.js';
import '../../translations/de.js';
import '../../translations/fr.js';
import { expectAccessible, screenshot } from '../../test/helpers.js';
import { STATES } from '../../test/states.js';
import { $, part } from '../../test/widget.js';
import type { RoomRestyler } from './room-restyler.js';

const WIDTHS = [320, 390, 768, 1280];

const VARIANTS = [
  { theme: 'light', lang: 'en' },
  { theme: 'light', lang: 'de' },
  { theme: 'light', lang: 'fr' },
  { theme: 'dark', lang: 'en' },
];

const box = (element: Element | null | undefined) => element!.getBoundingClientRect();

/** What is wrong with the layout at this width: something too wide, a name cut, labels out of line, a gap above the status line. */
function layoutFaults(el: RoomRestyler, width: number): string[] {
  const faults: string[] = [];
  const card = part(el, 'base')!;
  if (card.scrollWidth > card.clientWidth) faults.push(`${card.scrollWidth - card.clientWidth} px wider than the widget`);
  const names = ['style', 'gallery'].flatMap((name) => [...(part(el, name)?.shadowRoot?.querySelectorAll<HTMLElement>('.name') ?? [])]);
  const modes = [...el.shadowRoot!.querySelectorAll<HTMLElement>('.choice')];
  for (const name of [...names, ...modes]) {
    if (name.scrollWidth > name.clientWidth || name.scrollHeight > name.clientHeight) faults.push(`"${name.textContent?.trim()}" is cut`);
  }
  const mode = box(part(el, 'mode'));
  const roomType = box(part(el, 'room-type')?.parentElement);
  // Side by side (wide), the two questions start on one line.
  if (width >= 768 && Math.abs(mode.top - roomType.top) > 1) faults.push(`"Room type" is ${roomType.top - mode.top} px below "What to do"`);
  const gallery = part(el, 'gallery');
  if (gallery) {
    const gap = box($(el, '.foot')).top - box(gallery).bottom;
    if (gap > 16) faults.push(`${gap} px between the results and the status line`);
  }
  return faults;
}

describe('<room-restyler> gallery: every state, width, theme and language', function () {
  this.timeout(300_000);
  /** The widget's height at each width, by state and variant: one height for all of them. */
  const heights: Record<number, Record<string, number>> = {};

  afterEach(() => {
    document.body.style.background = '';
  });

  for (const { theme, lang } of VARIANTS) {
    it(`${theme}, ${lang}: accessible and laid out whole in every state, at the height of every other state and language`, async () => {
      document.body.style.background = theme === 'dark' ? '#0e0f11' : '#f6f5f2';
      const faults: string[] = [];
      for (const [state, reach] of Object.entries(STATES)) {
        const { el, finish, viewport } = await reach(`theme="${theme}" lang="${lang}"`);
        await expectAccessible(el);
        for (const width of WIDTHS) {
          await screenshot(`${state}-${width}-${theme}-${lang}`, width, viewport ? '' : 'room-restyler');
          heights[width] = { ...heights[width], [`${state} ${theme} ${lang}`]: el.getBoundingClientRect().height };
          faults.push(...layoutFaults(el, width).map((fault) => `${state} at ${width} px: ${fault}`));
        }
        await finish?.();
        el.remove();
      }
      expect(faults).to.deep.equal([]);
      for (const width of WIDTHS) {
        const byState = heights[width] as Record<string, number>;
        const spread = Math.max(...Object.values(byState)) - Math.min(...Object.values(byState));
        expect(spread, `${width} px: ${JSON.stringify(byState)}`).to.be.at.most(1);
      }
    });
  }
});
