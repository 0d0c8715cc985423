/**
 * Every press lands where the visitor aimed (issue 27): a press anywhere on a choice — its centre,
 * its edges, its picture, its name — chooses it on the first press, with mouse, touch and pen, on a
 * desktop and on a phone, and neither the page nor the card row scrolls and focus stays on the choice.
 * The same for every button of the widget before a photo, with one and with results.
 */
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoInChromium, dropPhoto, VIEWPORTS } from '../support/demo.js';

type Input = 'mouse' | 'touch' | 'pen';
type Point = [name: string, x: number, y: number];

/** A real press: the browser's own input pipeline (CDP), not a synthetic DOM event. */
async function press(page: Page, cdp: CDPSession, input: Input, x: number, y: number): Promise<void> {
  if (input === 'touch') return page.touchscreen.tap(x, y);
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y, pointerType: input });
  for (const [type, buttons] of [
    ['mousePressed', 1],
    ['mouseReleased', 0],
  ] as const)
    await cdp.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', buttons, clickCount: 1, pointerType: input });
}

/** A group of choices in the widget: the radio-like labels a visitor presses. */
interface Group {
  name: string;
  /** The part of the widget's shadow root that holds the group, and the selector of its choices. */
  part: string;
  choice: string;
}

interface Aim {
  value: string;
  chosen: string;
  points: Point[];
  scroll: number[];
  focus: string;
}

/**
 * Scrolls choice `i` of a group into view (as a visitor would) and reads the places to press on what shows
 * of it — its centre, 3 px inside each edge, the centres of its picture and name — with what is chosen, where the page
 * and the card rows stand, and which element held focus (inside shadow roots) before it was moved out of the widget.
 */
const aim = (page: Page, group: Group, i: number) =>
  page.evaluate(
    ([{ part, choice }, i]): Aim => {
      const host = document.querySelector('room-restyler')!;
      const holder = host.shadowRoot!.querySelector(`[part~="${part}"]`)!;
      const choices = [...(holder.shadowRoot ?? holder).querySelectorAll<HTMLElement>(choice)];
      const radios = choices.map((c) => c.querySelector('input')!);
      const target = choices[i]!;
      target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      // What the visitor can see of it: a card at the end of a sideways row shows only in part.
      const card = target.getBoundingClientRect();
      const row = target.closest('.cards, .segments')?.getBoundingClientRect() ?? card;
      const box = new DOMRect(Math.max(card.x, row.x), card.y, Math.min(card.right, row.right) - Math.max(card.x, row.x), card.height);
      const { taps } = window as unknown as { taps: PageHelpers };
      const centre = (name: string, el: Element | null): Point[] => {
        if (!el) return [];
        const b = el.getBoundingClientRect();
        const [left, right] = [Math.max(b.x, box.x), Math.min(b.right, box.right)];
        return [[name, (left + right) / 2, b.y + b.height / 2]];
      };
      // Every press is a first press: focus starts outside the widget, as when the visitor comes from the page.
      const active = taps.takeFocus();
      const focus = active instanceof HTMLInputElement ? `${active.name}=${active.value}` : (active?.localName ?? '');
      return {
        value: radios[i]!.value,
        chosen: radios.find((r) => r.checked)?.value ?? '',
        points: [
          ...taps.edgePoints(box),
          ...centre('picture', target.querySelector('.swatch, img')),
          ...centre('name', target.querySelector('.name')),
        ],
        scroll: [
          window.scrollX,
          window.scrollY,
          ...[...host.shadowRoot!.querySelectorAll('room-restyler-cards')].map((c) => c.shadowRoot!.querySelector('.cards')!.scrollLeft),
        ],
        focus,
      };
    },
    [group, i] as const,
  );

/**
 * Presses every point of every choice of a group, each press on a choice that is not the chosen one, and
 * says what went wrong (an empty list when every press landed).
 */
async function pressEveryPoint(page: Page, cdp: CDPSession, input: Input, group: Group, count: number): Promise<string[]> {
  const wrong: string[] = [];
  for (let pass = 0; pass < 7; pass++) {
    for (let i = 0; i < count; i++) {
      let before = await aim(page, group, i);
      const point = before.points[pass];
      if (!point) continue;
      if (before.chosen === before.value) {
        // Choose another first, so that this press has something to change.
        const [, x, y] = (await aim(page, group, (i + 1) % count)).points[0]!;
        await press(page, cdp, input, x, y);
        before = await aim(page, group, i);
      }
      const [where, x, y] = before.points[pass]!;
      await press(page, cdp, input, x, y);
      const after = await aim(page, group, i);
      const what = `${input} on ${group.name} "${before.value}" at its ${where}`;
      if (after.chosen !== before.value) wrong.push(`${what}: chose "${after.chosen}"`);
      if (`${after.scroll}` !== `${before.scroll}`) wrong.push(`${what}: scrolled ${before.scroll} → ${after.scroll}`);
      if (!after.focus.endsWith(`=${before.value}`) && after.focus !== 'body') wrong.push(`${what}: focus moved to ${after.focus}`);
    }
  }
  return wrong;
}

/**
 * Presses the centre and 3 px inside each edge of every enabled button of the widget in its current state
 * (inner parts' too), each press a first press, and says what went wrong. The press's click is caught on
 * the window before it reaches the button, so no action runs: what counts is where it landed.
 */
async function pressEveryButton(page: Page, cdp: CDPSession, input: Input, state: string, expected: string[]): Promise<string[]> {
  const wrong: string[] = [];
  const pressed = new Set<string>();
  const count = await page.evaluate(() => (window as unknown as { taps: PageHelpers }).taps.buttons().length);
  for (let pass = 0; pass < 5; pass++) {
    for (let i = 0; i < count; i++) {
      const before = await page.evaluate(
        ([i, pass]) => {
          const { taps } = window as unknown as { taps: PageHelpers };
          const button = taps.buttons()[i]!;
          button.scrollIntoView({ block: 'nearest' });
          const points = taps.edgePoints(button.getBoundingClientRect());
          taps.takeFocus();
          const target = window as unknown as { clicked?: EventTarget | undefined };
          target.clicked = undefined;
          window.addEventListener(
            'click',
            (event) => {
              target.clicked = event.composedPath()[0];
              event.stopPropagation();
              event.preventDefault();
            },
            { capture: true, once: true },
          );
          return { name: button.getAttribute('part') ?? button.textContent!.trim(), point: points[pass]!, scroll: `${scrollX},${scrollY}` };
        },
        [i, pass] as const,
      );
      const [where, x, y] = before.point;
      pressed.add(before.name);
      await press(page, cdp, input, x, y);
      const after = await page.evaluate((i) => {
        const { taps } = window as unknown as { taps: PageHelpers };
        const button = taps.buttons()[i]!;
        const clicked = (window as unknown as { clicked?: Node }).clicked;
        const active = taps.takeFocus();
        return {
          landed: !!clicked && button.contains(clicked),
          clicked: clicked instanceof Element ? clicked.localName : String(clicked),
          focus: !active || active === document.body || active === button,
          scroll: `${scrollX},${scrollY}`,
        };
      }, i);
      const what = `${input} on button "${before.name}" ${state} at its ${where}`;
      if (!after.landed) wrong.push(`${what}: the click went to ${after.clicked}`);
      if (after.scroll !== before.scroll) wrong.push(`${what}: scrolled ${before.scroll} → ${after.scroll}`);
      if (!after.focus) wrong.push(`${what}: focus moved elsewhere`);
    }
  }
  for (const name of expected) if (!pressed.has(name)) wrong.push(`no button "${name}" ${state} (pressed: ${[...pressed]})`);
  return wrong;
}

/** What the page knows how to do for these tests (installed by `installHelpers`). */
interface PageHelpers {
  /** The widget's enabled, visible buttons, inner parts' included. */
  buttons(): HTMLElement[];
  /** The centre of a box and 3 px inside each of its edges. */
  edgePoints(box: DOMRect): Point[];
  /** The element holding focus, looked for inside shadow roots; it is then blurred, so the next press is a first press. */
  takeFocus(): Element | null;
}

/** Defines the tests' `PageHelpers` in the page as `window.taps`. */
const installHelpers = (page: Page) =>
  page.evaluate(() => {
    const all = (root: ParentNode): HTMLElement[] =>
      [...root.querySelectorAll<HTMLElement>('*')].flatMap((el) => [el, ...(el.shadowRoot ? all(el.shadowRoot) : [])]);
    const helpers: PageHelpers = {
      buttons: () =>
        all(document.querySelector('room-restyler')!.shadowRoot!).filter(
          (el) => el instanceof HTMLButtonElement && !el.disabled && !el.closest('[inert]') && el.getClientRects().length > 0,
        ),
      edgePoints: (box) => {
        const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
        return [
          ['centre', x, y],
          ['top edge', x, box.y + 3],
          ['bottom edge', x, box.bottom - 3],
          ['left edge', box.x + 3, y],
          ['right edge', box.right - 3, y],
        ];
      },
      takeFocus: () => {
        let active = document.activeElement;
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
        (active as HTMLElement | null)?.blur();
        return active;
      },
    };
    (window as unknown as { taps: PageHelpers }).taps = helpers;
  });

describe('a press lands where the visitor aimed', () => {
  const { visit } = demoInChromium();

  for (const [device, options] of Object.entries(VIEWPORTS)) {
    const inputs: Input[] = device === 'phone' ? ['touch', 'mouse', 'pen'] : ['mouse', 'pen', 'touch'];
    it(`on a ${device}: every part of every style card, mode, result and button, with ${inputs.join(', ')}`, async () => {
      const { context, page, cdp, widget } = await visit({ ...options, hasTouch: true });
      try {
        await installHelpers(page);
        const wrong: string[] = [];
        for (const input of inputs)
          wrong.push(...(await pressEveryButton(page, cdp, input, 'before a photo', ['Choose photo', 'Use URL'])));
        await dropPhoto(page);
        // The photo is laid out before the first press (its height moves everything below it).
        await widget.locator('[part~="preview"] img').evaluate((img: HTMLImageElement) => img.decode());
        const styles: Group = { name: 'style card', part: 'style', choice: '[part~="card"]' };
        const modes: Group = { name: 'mode', part: 'mode', choice: 'label' };
        const styleCards = widget.locator('[part~="style"] [part~="card"]');
        await styleCards.first().waitFor();
        const styleCount = await styleCards.count();
        expect(styleCount).toBeGreaterThan(10);

        for (const input of inputs)
          wrong.push(
            ...(await pressEveryButton(page, cdp, input, 'with a photo', ['change-photo', 'generate'])),
            ...(await pressEveryPoint(page, cdp, input, styles, styleCount)),
            ...(await pressEveryPoint(page, cdp, input, modes, 2)),
          );
        // What the visitor chose is what is sent: the widget's style is the card pressed last.
        expect(await widget.evaluate((el) => (el as unknown as { roomStyle: string }).roomStyle)).toBe(
          await widget.locator('[part~="style"] input:checked').inputValue(),
        );

        // Two results, then every part of every result card.
        for (const style of ['japandi', 'coastal']) {
          await widget.evaluate((el, s) => ((el as unknown as { roomStyle: string }).roomStyle = s), style);
          await widget.locator('[part~="generate"]').click();
          await widget.locator('[part~="try-another"]').waitFor();
          if (style === 'japandi') await widget.locator('[part~="try-another"]').click();
        }
        const results: Group = { name: 'result card', part: 'gallery', choice: '[part~="card"]' };
        await widget.locator('[part~="gallery"] [part~="card"]').nth(1).waitFor();
        for (const input of inputs)
          wrong.push(
            ...(await pressEveryPoint(page, cdp, input, results, 2)),
            ...(await pressEveryButton(page, cdp, input, 'with results', ['fullscreen', 'download', 'try-another'])),
          );
        expect(wrong).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
