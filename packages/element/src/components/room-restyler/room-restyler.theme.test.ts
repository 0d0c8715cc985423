/**
 * Light and dark schemes, forced colours and reduced motion, with the default colours checked
 * against WCAG 2.2 as the browser computes them: 4.5:1 for text, 3:1 for controls and focus.
 */
import { expect } from '@open-wc/testing';
import '../../define.js';
import '../../test/backend-contract.js';
import { emulateMedia, until } from '../../test/helpers.js';
import { $, completeJobs, generateUntil, mount, part } from '../../test/widget.js';
import type { RoomRestyler } from './room-restyler.js';

/** [r, g, b, alpha] from a computed colour: `rgb()`, `rgba()` or `color(srgb …)` (what color-mix() computes to). */
function channels(color: string): number[] {
  const numbers = (color.match(/[\d.]+/g) ?? []).map(Number);
  const [r = 0, g = 0, b = 0, a = 1] = color.startsWith('color(') ? numbers.map((n, i) => (i < 3 ? n * 255 : n)) : numbers;
  return [r, g, b, a];
}

function luminance([r, g, b]: number[]): number {
  const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r as number) + 0.7152 * linear(g as number) + 0.0722 * linear(b as number);
}

function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(channels(a)), luminance(channels(b))].sort((x, y) => y - x) as [number, number];
  return (la + 0.05) / (lb + 0.05);
}

const style = (el: Element) => getComputedStyle(el);
const surface = (el: RoomRestyler) => style(part(el, 'base')!).backgroundColor;

/** Every pair a visitor must tell apart, with its WCAG 2.2 minimum. */
async function pairs(el: RoomRestyler): Promise<[string, string, string, number][]> {
  const zone = $($(el, 'room-restyler-drop-zone')!, '.zone')!;
  const hint = $($(el, 'room-restyler-drop-zone')!, '.hint')!;
  const choose = $($(el, 'room-restyler-drop-zone')!, '.btn.primary')!;
  const card = $(part(el, 'style')!, '.card')!;
  const chosen = $(part(el, 'style')!, '.card:has(:checked)')!;
  const select = part(el, 'room-type')!;
  const urlButton = $(el, '.url .btn')!;
  urlButton.focus({ focusVisible: true } as FocusOptions);
  await until(() => urlButton.matches(':focus-visible'), 'a visible focus ring');
  const base = surface(el);
  return [
    ['text', style($(el, '.title')!).color, base, 4.5],
    ['muted text on the drop zone', style(hint).color, style(zone).backgroundColor, 4.5],
    ['text on the primary button', style(choose).color, style(choose).backgroundColor, 4.5],
    ['primary button on the drop zone', style(choose).backgroundColor, style(zone).backgroundColor, 3],
    ['drop zone border', style(zone).borderTopColor, base, 3],
    ['select border', style(select).borderTopColor, base, 3],
    ['button border', style(urlButton).borderTopColor, base, 3],
    ['style card border', style(card).borderTopColor, base, 3],
    ['chosen style card border', style(chosen).borderTopColor, base, 3],
    ['focus ring', style(urlButton).outlineColor, base, 3],
  ];
}

describe('<room-restyler> themes', () => {
  afterEach(() => emulateMedia([]));

  for (const theme of ['light', 'dark']) {
    it(`${theme}: every default colour pair meets WCAG 2.2 contrast`, async () => {
      const { el } = await mount('ok', `theme="${theme}"`);
      const failing = (await pairs(el))
        .filter(([, a, b, min]) => contrast(a, b) < min)
        .map(([what, a, b]) => `${what}: ${contrast(a, b).toFixed(2)} (${a} on ${b})`);
      expect(failing).to.deep.equal([]);
    });
  }

  it('errors and the progress bar meet it too', async () => {
    for (const theme of ['light', 'dark']) {
      const { el, endpoint } = await generateUntil('slow', 'generating', `theme="${theme}"`);
      const bar = $(el, '.bar')!;
      expect(
        contrast(style(bar.querySelector('span')!).backgroundColor, style(bar).backgroundColor),
        `${theme}: bar fill on its track`,
      ).to.be.at.least(3);
      await completeJobs(endpoint);
      const limited = await generateUntil('credits', 'error', `theme="${theme}"`);
      const message = part(limited.el, 'error')!.querySelector('strong')!;
      expect(contrast(style(message).color, style(part(limited.el, 'error')!).backgroundColor), `${theme}: error text`).to.be.at.least(4.5);
    }
  });

  it('follows prefers-color-scheme unless the theme attribute says otherwise', async () => {
    const { el } = await mount('ok');
    expect(channels(surface(el)).slice(0, 3)).to.deep.equal([255, 255, 255]);
    await emulateMedia([{ name: 'prefers-color-scheme', value: 'dark' }]);
    await until(() => luminance(channels(surface(el))) < 0.05, 'a dark surface');
    el.theme = 'light';
    await el.updateComplete;
    expect(channels(surface(el)).slice(0, 3)).to.deep.equal([255, 255, 255]);
  });

  it('keeps the progress bar visible in forced colours, and drops the sweep', async () => {
    await emulateMedia([{ name: 'forced-colors', value: 'active' }]);
    const { el, endpoint } = await generateUntil('slow', 'generating');
    const bar = $(el, '.bar')!;
    const fill = style(bar.querySelector('span')!).backgroundColor;
    expect(fill).not.to.equal(style(bar).backgroundColor);
    expect(contrast(fill, surface(el))).to.be.at.least(3);
    expect(style($(el, '.scan')!).display).to.equal('none');
    await completeJobs(endpoint);
  });

  it('stills the sweep for prefers-reduced-motion', async () => {
    await emulateMedia([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    const { el, endpoint } = await generateUntil('slow', 'generating');
    expect(style($(el, '.scan')!).animationName).to.equal('none');
    await completeJobs(endpoint);
  });
});
