/**
 * Light and dark schemes, forced colours and reduced motion, with the default colours checked
 * against WCAG 2.2 as the browser computes them: 4.5:1 for text, 3:1 for controls and focus.
 * A site's accent, whatever it is, keeps the text on it readable in both schemes.
 */
import { expect } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import '../../define.js';
import '../../test/backend-contract.js';
import { emulateMedia, expectAccessible, until } from '../../test/helpers.js';
import { STATES } from '../../test/states.js';
import { $, completeJobs, generateUntil, mount, nextFrame, part } from '../../test/widget.js';
import type { RoomRestyler } from './room-restyler.js';

const canvas = new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true })!;

/** [r, g, b] of any computed colour as a canvas paints it: `rgb()`, `color(srgb …)` (color-mix()), `lch()` (relative colours). */
function channels(color: string): number[] {
  canvas.clearRect(0, 0, 1, 1);
  canvas.fillStyle = color;
  canvas.fillRect(0, 0, 1, 1);
  return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)];
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

/** The theming example of the README: the site's colour, and a lighter one for the dark scheme. */
const README_ACCENT = 'light-dark(#0f5c4d, #4fb39c)';

describe('<room-restyler> themes', () => {
  afterEach(() => emulateMedia([]));

  for (const theme of ['light', 'dark']) {
    for (const [colours, attrs] of [
      ['default', ''],
      ["the README's", `style="--room-restyler-accent: ${README_ACCENT}"`],
    ]) {
      it(`${theme}: every ${colours} colour pair meets WCAG 2.2 contrast`, async () => {
        const { el } = await mount('ok', `theme="${theme}" ${attrs}`);
        const failing = (await pairs(el))
          .filter(([, a, b, min]) => contrast(a, b) < min)
          .map(([what, a, b]) => `${what}: ${contrast(a, b).toFixed(2)} (${a} on ${b})`);
        expect(failing).to.deep.equal([]);
      });
    }
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

/** The README example's colour, pure yellow and near-black, each one accent for both schemes. */
const ACCENTS = ['#0f5c4d', '#ffff00', '#111111'];

/** Every 17th value of each channel, every grey, and every ramp of one or two channels. */
function manyColours(): string[] {
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  const colours: string[] = [];
  for (let r = 0; r < 256; r += 17)
    for (let g = 0; g < 256; g += 17) for (let b = 0; b < 256; b += 17) colours.push(`#${hex(r)}${hex(g)}${hex(b)}`);
  for (let v = 0; v < 256; v++) {
    const [x, o] = [hex(v), '00'];
    colours.push(`#${x}${x}${x}`, `#${x}${o}${o}`, `#${o}${x}${o}`, `#${o}${o}${x}`, `#${x}${x}${o}`, `#${x}${o}${x}`, `#${o}${x}${x}`);
  }
  return colours;
}

/** The colour transitions running in a shadow root and the ones inside it (axe must see where they end). */
const transitions = (root: ShadowRoot): Animation[] => [
  ...root.getAnimations().filter((a) => a instanceof CSSTransition),
  ...[...root.querySelectorAll('*')].flatMap((e) => (e.shadowRoot ? transitions(e.shadowRoot) : [])),
];

describe('<room-restyler> with any accent', function () {
  this.timeout(600_000);

  afterEach(async () => {
    document.body.style.background = '';
    await resetMouse();
  });

  it('keeps the text on the accent at 4.5:1 or more, for thousands of accents, in both schemes, hovered or not', async () => {
    const { el } = await mount('ok');
    const choose = $($(el, 'room-restyler-drop-zone')!, '.btn.primary')!;
    const failing: string[] = [];
    let lowest = Infinity;
    for (const hovered of [false, true]) {
      if (hovered) {
        const box = choose.getBoundingClientRect();
        await sendMouse({ type: 'move', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
        await until(() => choose.matches(':hover'), 'the pointer over Choose photo');
      }
      for (const theme of ['light', 'dark'] as const) {
        el.theme = theme;
        await el.updateComplete;
        for (const accent of manyColours()) {
          el.style.setProperty('--room-restyler-accent', accent);
          const ratio = contrast(style(choose).color, style(choose).backgroundColor);
          lowest = Math.min(lowest, ratio);
          if (ratio < 4.5) failing.push(`${theme}${hovered ? ', hovered' : ''}, ${accent}: ${ratio.toFixed(2)}`);
        }
      }
    }
    expect(failing.slice(0, 20), `${failing.length} accents fail; the lowest ratio ${lowest.toFixed(2)}`).to.deep.equal([]);
  });

  it('axe finds nothing in any state, light or dark, with the README accent, pure yellow or near-black', async () => {
    const failing: string[] = [];
    for (const [state, reach] of Object.entries(STATES)) {
      const { el, finish } = await reach('theme="light"');
      for (const theme of ['light', 'dark'] as const) {
        el.theme = theme;
        document.body.style.background = theme === 'dark' ? '#0e0f11' : '#f6f5f2';
        for (const accent of ACCENTS) {
          el.style.setProperty('--room-restyler-accent', accent);
          await el.updateComplete;
          await nextFrame();
          await Promise.allSettled(transitions(el.shadowRoot!).map((t) => t.finished));
          await expectAccessible(el).catch((e: Error) => failing.push(`${state}, ${theme}, ${accent}: ${e.message}`));
        }
      }
      await finish?.();
      el.remove();
    }
    expect(failing, failing.join('\n\n')).to.deep.equal([]);
  });
});
