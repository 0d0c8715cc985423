/**
 * Real presses on the demo's widget for test/e2e/taps.test.ts: through the browser's own input pipeline (CDP),
 * with mouse, pen or touch, and what each press changed — the choice, the scroll, the focus.
 */
import type { CDPSession, Page } from 'playwright-core';

export type Input = 'mouse' | 'touch' | 'pen';
export type Point = [name: string, x: number, y: number];

/** A real press: the browser's own input pipeline (CDP), not a synthetic DOM event. */
export async function press(page: Page, cdp: CDPSession, input: Input, x: number, y: number): Promise<void> {
  if (input === 'touch') return page.touchscreen.tap(x, y);
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y, pointerType: input });
  for (const [type, buttons] of [
    ['mousePressed', 1],
    ['mouseReleased', 0],
  ] as const)
    await cdp.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', buttons, clickCount: 1, pointerType: input });
}

/** A real drag in a few steps, with the small wobble across of a hand. */
export async function drag(cdp: CDPSession, input: Input, [x0, y0]: [number, number], [x1, y1]: [number, number]): Promise<void> {
  const steps = 6;
  const at = (i: number): [number, number] => [x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps + (i % 2)];
  if (input === 'touch') {
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', [x, y]: [number, number]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    await touch('touchStart', [x0, y0]);
    for (let i = 1; i <= steps; i++) await touch('touchMove', at(i));
    await touch('touchEnd', [x1, y1]);
    return;
  }
  const mouse = (type: 'mousePressed' | 'mouseMoved' | 'mouseReleased', [x, y]: [number, number], buttons: number) =>
    cdp.send('Input.dispatchMouseEvent', {
      type,
      x,
      y,
      button: 'left',
      buttons,
      clickCount: 1,
      pointerType: input,
      force: buttons ? 0.5 : 0,
    });
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: x0, y: y0, pointerType: input });
  await mouse('mousePressed', [x0, y0], 1);
  for (let i = 1; i <= steps; i++) await mouse('mouseMoved', at(i), 1);
  await mouse('mouseReleased', [x1, y1], 0);
}

/** What the page knows how to do for these tests (installed by `installHelpers`). */
export interface PageHelpers {
  /** The widget's enabled, visible buttons, inner parts' included; only the full-screen view's while it is open. */
  buttons(): HTMLElement[];
  /** The widget's select `part`, brought into view. */
  select(part: string): HTMLSelectElement;
  /** What a button is called: its part, its accessible label, its text. */
  names(button: Element): string[];
  /** The centre of a box and 3 px inside each of its edges. */
  edgePoints(box: DOMRect): Point[];
  /** The element holding focus, looked for inside shadow roots; it is then blurred, so the next press is a first press. */
  takeFocus(): Element | null;
  /** The innermost element at a point, looked for inside shadow roots. */
  hit(x: number, y: number): Element | null;
  /** Where the page stands. */
  scroll(): string;
}

/** Defines the tests' `PageHelpers` in the page as `window.taps`. */
export const installHelpers = (page: Page) =>
  page.evaluate(() => {
    const all = (root: ParentNode): HTMLElement[] =>
      [...root.querySelectorAll<HTMLElement>('*')].flatMap((el) => [el, ...(el.shadowRoot ? all(el.shadowRoot) : [])]);
    const helpers: PageHelpers = {
      buttons: () => {
        const widget = document.querySelector('room-restyler')!.shadowRoot!;
        return all(widget.querySelector('dialog[open]') ?? widget).filter(
          (el) => el instanceof HTMLButtonElement && !el.disabled && !el.closest('[inert]') && el.getClientRects().length > 0,
        );
      },
      select: (part) => {
        const select = document.querySelector('room-restyler')!.shadowRoot!.querySelector<HTMLSelectElement>(`[part~="${part}"]`)!;
        select.scrollIntoView({ block: 'nearest' });
        return select;
      },
      names: (button) =>
        [button.getAttribute('part'), button.getAttribute('aria-label'), button.textContent!.trim()].filter((name) => !!name) as string[],
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
      hit: (x, y) => {
        let found = document.elementFromPoint(x, y);
        for (
          let inner = found?.shadowRoot?.elementFromPoint(x, y);
          inner && inner !== found;
          inner = found?.shadowRoot?.elementFromPoint(x, y)
        )
          found = inner;
        return found;
      },
      scroll: () => `${scrollX},${scrollY}`,
    };
    (window as unknown as { taps: PageHelpers }).taps = helpers;
  });

/** Presses the centre of the widget's button called `name` (its part, label or text), brought into view first. */
export async function pressButton(page: Page, cdp: CDPSession, input: Input, name: string): Promise<void> {
  const [, x, y] = await page.evaluate((name) => {
    const taps = (window as unknown as { taps: PageHelpers }).taps;
    const button = taps.buttons().find((b) => taps.names(b).includes(name));
    if (!button) throw new Error(`no button "${name}"`);
    button.scrollIntoView({ block: 'nearest' });
    return taps.edgePoints(button.getBoundingClientRect())[0]!;
  }, name);
  await press(page, cdp, input, x, y);
}

/** The start of a generation (its body is what the visitor is charged for) and the photo's upload before it, on their way to the proxy. */
const START = /\/api\/v1\/(enhance|restyle)$/;
/** The upload, and the event stream the widget follows an accepted job by (held, the job runs on as far as the page knows). */
const ROUTES = { upload: /\/api\/v1\/uploads$/, events: /\/api\/v1\/prediction\/[^/]+\/events$/ };

export interface StartBody {
  style: string;
  room_type: string;
  mode?: string;
}

/** The body of the next start the page sends. */
export const nextStart = (page: Page): Promise<StartBody> =>
  page.waitForRequest((request) => request.method() === 'POST' && START.test(request.url())).then((request) => request.postDataJSON());

/** Presses the button `name` that starts a generation (Generate, Retry) and resolves with the body of the start it sent. */
export async function startWith(page: Page, cdp: CDPSession, input: Input, name = 'generate'): Promise<StartBody> {
  const started = nextStart(page);
  await pressButton(page, cdp, input, name);
  return started;
}

/**
 * Holds the next upload or job event stream before it reaches the proxy, so the widget stays busy there; the result lets
 * it go on. Neither has a time limit in the widget, so a press that takes long on a busy machine changes nothing.
 */
export async function hold(page: Page, what: keyof typeof ROUTES): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    ROUTES[what],
    async (route) => {
      await released;
      // The visitor may have cancelled meanwhile: the page no longer waits for the answer.
      await route.continue().catch(() => {});
    },
    { times: 1 },
  );
  return release;
}

/** The proxy's answer when the service failed (nothing was charged): the widget offers Retry. */
const FAILED = { status: 502, json: { error: { code: 'upstream_error', message: 'The service failed.' } } };

/** Answers the next start with a failure, so the widget offers Retry. */
export const failStart = (page: Page) => page.route(START, (route) => route.fulfill(FAILED), { times: 1 });

/**
 * Sends the next start on to the proxy (which charges for it) but shows the page a failure, so no result has to be
 * waited for; `status` is the proxy's answer.
 */
export async function chargeThenFail(page: Page): Promise<{ status: Promise<number> }> {
  let charged = (_status: number) => {};
  const status = new Promise<number>((resolve) => (charged = resolve));
  await page.route(
    START,
    async (route) => {
      charged((await route.fetch()).status());
      await route.fulfill(FAILED);
    },
    { times: 1 },
  );
  return { status };
}

/** A group of choices in the widget: the radio-like labels a visitor presses. */
export interface Group {
  name: string;
  /** The part of the widget's shadow root that holds the group, and the selector of its choices. */
  part: string;
  choice: string;
}

export const STYLE_CARDS: Group = { name: 'style card', part: 'style', choice: '[part~="card"]' };
export const MODES: Group = { name: 'mode', part: 'mode', choice: 'label' };
export const RESULT_CARDS: Group = { name: 'result card', part: 'gallery', choice: '[part~="card"]' };

export interface Aim {
  value: string;
  values: string[];
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
export const aim = (page: Page, group: Group, i: number) =>
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
        values: radios.map((r) => r.value),
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

/** Presses choice `i` of a group at its point called `where`, after choosing another if it is the chosen one already. */
export async function choose(page: Page, cdp: CDPSession, input: Input, group: Group, i: number, where: string): Promise<Aim> {
  let before = await aim(page, group, i);
  if (before.chosen === before.value) {
    // Choose another first, so that this press has something to change.
    const [, x, y] = (await aim(page, group, (i + 1) % before.values.length)).points[0]!;
    await press(page, cdp, input, x, y);
    before = await aim(page, group, i);
  }
  const [, x, y] = before.points.find(([name]) => name === where)!;
  await press(page, cdp, input, x, y);
  return before;
}

/**
 * Presses every point of every choice of a group, each press on a choice that is not the chosen one, and
 * says what went wrong (an empty list when every press landed). A `disabled` group must keep its choice.
 */
export async function pressEveryPoint(page: Page, cdp: CDPSession, input: Input, group: Group, disabled = false): Promise<string[]> {
  const wrong: string[] = [];
  const count = (await aim(page, group, 0)).values.length;
  for (let pass = 0; pass < 7; pass++) {
    for (let i = 0; i < count; i++) {
      const first = await aim(page, group, i);
      const point = first.points[pass];
      if (!point) continue;
      const before = disabled ? first : await choose(page, cdp, input, group, i, point[0]);
      if (disabled) await press(page, cdp, input, point[1], point[2]);
      const after = await aim(page, group, i);
      const what = `${input} on ${disabled ? 'disabled ' : ''}${group.name} "${before.value}" at its ${point[0]}`;
      const expected = disabled ? before.chosen : before.value;
      if (after.chosen !== expected) wrong.push(`${what}: chose "${after.chosen}"`);
      if (`${after.scroll}` !== `${before.scroll}`) wrong.push(`${what}: scrolled ${before.scroll} → ${after.scroll}`);
      if (!after.focus.endsWith(`=${expected}`) && after.focus !== 'body') wrong.push(`${what}: focus moved to ${after.focus}`);
    }
  }
  return wrong;
}

/**
 * Presses the centre and 3 px inside each edge of every enabled button of the widget in its current state
 * (inner parts' too), each press a first press, and says what went wrong. The press's click is caught on
 * the window before it reaches the button, so no action runs: what counts is where it landed. Each name
 * of `expected` (a part, label or text) must be among the buttons pressed.
 */
export async function pressEveryButton(page: Page, cdp: CDPSession, input: Input, state: string, expected: string[]): Promise<string[]> {
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
          return { names: taps.names(button), point: points[pass]!, scroll: taps.scroll() };
        },
        [i, pass] as const,
      );
      const [where, x, y] = before.point;
      for (const name of before.names) pressed.add(name);
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
          scroll: taps.scroll(),
        };
      }, i);
      const what = `${input} on button "${before.names[0]}" ${state} at its ${where}`;
      if (!after.landed) wrong.push(`${what}: the click went to ${after.clicked}`);
      if (after.scroll !== before.scroll) wrong.push(`${what}: scrolled ${before.scroll} → ${after.scroll}`);
      if (!after.focus) wrong.push(`${what}: focus moved elsewhere`);
    }
  }
  for (const name of expected) if (!pressed.has(name)) wrong.push(`no button "${name}" ${state} (pressed: ${[...pressed]})`);
  return wrong;
}

/**
 * Presses the centre and 3 px inside each edge of the widget's select `part`, each a first press, and says
 * what went wrong: the press must open the select's list and focus it (a `disabled` select neither), and
 * leave the page where it stood. The list is closed again (Escape) after each press.
 */
export async function pressSelect(page: Page, cdp: CDPSession, input: Input, part: string, disabled = false): Promise<string[]> {
  const wrong: string[] = [];
  for (let pass = 0; pass < 5; pass++) {
    const before = await page.evaluate(
      ([part, pass]) => {
        const { taps } = window as unknown as { taps: PageHelpers };
        const select = taps.select(part);
        taps.takeFocus();
        return { point: taps.edgePoints(select.getBoundingClientRect())[pass]!, value: select.value, scroll: taps.scroll() };
      },
      [part, pass] as const,
    );
    const [where, x, y] = before.point;
    await press(page, cdp, input, x, y);
    const after = await page.evaluate((part) => {
      const { taps } = window as unknown as { taps: PageHelpers };
      const select = taps.select(part);
      const root = select.getRootNode() as ShadowRoot;
      return { focused: root.activeElement === select, open: select.matches(':open'), value: select.value, scroll: taps.scroll() };
    }, part);
    if (after.open) await page.keyboard.press('Escape');
    const what = `${input} on ${disabled ? 'disabled ' : ''}select "${part}" at its ${where}`;
    if (after.focused === disabled) wrong.push(`${what}: ${disabled ? '' : 'not '}focused`);
    if (after.open === disabled) wrong.push(`${what}: its list ${disabled ? 'opened' : 'did not open'}`);
    if (after.value !== before.value) wrong.push(`${what}: its value changed to "${after.value}"`);
    if (after.scroll !== before.scroll) wrong.push(`${what}: scrolled ${before.scroll} → ${after.scroll}`);
  }
  return wrong;
}

/** The widget's select `part`: pressed with `input`, then the next option chosen with the keyboard; resolves with its new value. */
export async function chooseNextOption(page: Page, cdp: CDPSession, input: Input, part: string): Promise<string> {
  const [, x, y] = await page.evaluate((part) => {
    const { taps } = window as unknown as { taps: PageHelpers };
    return taps.edgePoints(taps.select(part).getBoundingClientRect())[0]!;
  }, part);
  await press(page, cdp, input, x, y);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  return page.evaluate((part) => (window as unknown as { taps: PageHelpers }).taps.select(part).value, part);
}

export interface Slider {
  /** Where to press: `at` of the way across the slider, half way down. */
  x: number;
  y: number;
  /** The press lands on the slider itself (nothing lies over it there). */
  free: boolean;
  /** Where the divider stands, 0–100. */
  position: number;
  scroll: string;
  /** Focus was on the slider's range or nowhere (it is then blurred, so the next press is a first press). */
  focusStayed: boolean;
}

/** The widget's compare slider, brought into view: where a press `at` (0–1) of its width lands, and where the divider is. */
export const slider = (page: Page, at: number) =>
  page.evaluate((at): Slider => {
    const { taps } = window as unknown as { taps: PageHelpers };
    const compare = document.querySelector('room-restyler')!.shadowRoot!.querySelector('room-restyler-compare')!;
    const range = compare.shadowRoot!.querySelector('input')!;
    range.scrollIntoView({ block: 'nearest' });
    const box = range.getBoundingClientRect();
    const [x, y] = [box.x + box.width * at, box.y + box.height / 2];
    const active = taps.takeFocus();
    return {
      x,
      y,
      // The slider's own frame takes the press (its pictures, divider or range), not a part laid over it such as Full screen.
      free: compare.shadowRoot!.contains(taps.hit(x, y)),
      position: Number(range.value),
      scroll: taps.scroll(),
      focusStayed: !active || active === range || active === document.body,
    };
  }, at);
