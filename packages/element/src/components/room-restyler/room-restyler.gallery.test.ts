/**
 * Every state of the widget at 360, 768 and 1280 px, light and dark, in English and German:
 * screenshotted (test-output/screenshots/, or the committed screenshots/ with UPDATE_SCREENSHOTS=1),
 * checked by axe, and measured — the widget keeps its height across states (no jump over 8 px).
 */
import { expect } from '@open-wc/testing';
import '../../define.js';
import '../../test/backend-contract.js';
import '../../translations/de.js';
import { expectAccessible, screenshot } from '../../test/helpers.js';
import { STATES } from '../../test/states.js';

const WIDTHS = [360, 768, 1280];

const VARIANTS = [
  { theme: 'light', lang: 'en' },
  { theme: 'dark', lang: 'de' },
  { theme: 'dark', lang: 'en' },
  { theme: 'light', lang: 'de' },
];

describe('<room-restyler> gallery: every state, width, theme and language', function () {
  this.timeout(240_000);

  afterEach(() => {
    document.body.style.background = '';
  });

  for (const { theme, lang } of VARIANTS) {
    it(`${theme}, ${lang}: accessible in every state, and no state changes the height by more than 8 px`, async () => {
      document.body.style.background = theme === 'dark' ? '#0e0f11' : '#f6f5f2';
      const heights: Record<number, Record<string, number>> = {};
      for (const [state, reach] of Object.entries(STATES)) {
        const { el, finish, viewport } = await reach(`theme="${theme}" lang="${lang}"`);
        await expectAccessible(el);
        for (const width of WIDTHS) {
          await screenshot(`${state}-${width}-${theme}-${lang}`, width, viewport ? '' : 'room-restyler');
          heights[width] = { ...heights[width], [state]: el.getBoundingClientRect().height };
        }
        await finish?.();
        el.remove();
      }
      for (const width of WIDTHS) {
        const byState = heights[width] as Record<string, number>;
        const spread = Math.max(...Object.values(byState)) - Math.min(...Object.values(byState));
        expect(spread, `${width} px: ${JSON.stringify(byState)}`).to.be.at.most(8);
      }
    });
  }
});
