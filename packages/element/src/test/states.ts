/** Every state of <room-restyler>, each reached the way a visitor reaches it, against the real proxy (never bundled). */
import type { RoomRestyler } from '../components/room-restyler/room-restyler.js';
import { samplePhoto, until } from './helpers.js';
import { $, click, completeJobs, drop, generateUntil, is, mount, part, ready, releaseImages } from './widget.js';

export interface Reached {
  el: RoomRestyler;
  /** Lets a held backend finish, so nothing is left waiting. */
  finish?: () => Promise<unknown>;
  /** The screenshot shows the whole viewport (the full-screen view). */
  viewport?: boolean;
}

const photo = () => samplePhoto('living-room');
const imagesLoaded = (el: RoomRestyler) =>
  until(
    () => [...$(el, 'room-restyler-compare')!.shadowRoot!.querySelectorAll('img')].every((i) => i.complete && i.naturalWidth > 0),
    'images',
  );

async function generated(attrs: string): Promise<RoomRestyler> {
  const { el } = await running('ok', 'result', attrs);
  await imagesLoaded(el);
  return el;
}

const running = async (scenario: string, state: string, attrs: string) => generateUntil(scenario, state, attrs, await photo());

/** Each state by name: mounts a widget with `attrs` and brings it there. */
export const STATES: Record<string, (attrs: string) => Promise<Reached>> = {
  empty: async (attrs) => mount('ok', attrs),
  dragging: async (attrs) => {
    const { el } = await mount('ok', attrs);
    const dataTransfer = new DataTransfer();
    dataTransfer.items.add(await photo());
    $($(el, 'room-restyler-drop-zone')!, '.zone')!.dispatchEvent(
      new DragEvent('dragenter', { dataTransfer, bubbles: true, composed: true }),
    );
    await until(() => is(el, 'dragging'), 'dragging');
    return { el };
  },
  invalid: async (attrs) => {
    const { el } = await mount('ok', attrs);
    drop(el, new File(['hello'], 'room.jpg', { type: 'image/jpeg' }));
    await until(() => is(el, 'invalid'), 'invalid');
    return { el };
  },
  ready: async (attrs) => {
    const { el } = await mount('ok', attrs);
    await ready(el, await photo());
    return { el };
  },
  uploading: async (attrs) => running('slowup', 'uploading', attrs),
  generating: async (attrs) => {
    const { el, endpoint } = await running('slow', 'generating', attrs);
    return { el, finish: () => completeJobs(endpoint) };
  },
  downloading: async (attrs) => {
    const { el, endpoint } = await running('slowimg', 'downloading', attrs);
    return { el, finish: () => releaseImages(endpoint) };
  },
  result: async (attrs) => ({ el: await generated(attrs) }),
  history: async (attrs) => {
    const el = await generated(attrs);
    await click(el, 'try-another');
    await until(() => is(el, 'ready'), 'ready');
    $<HTMLInputElement>(part(el, 'style')!, 'input[value="japandi"]')!.click();
    await click(el, 'generate');
    await until(() => is(el, 'result'), 'second result');
    const against = part<HTMLSelectElement>(el, 'compare-with')!;
    against.value = '0';
    against.dispatchEvent(new Event('change'));
    await imagesLoaded(el);
    return { el };
  },
  fullscreen: async (attrs) => {
    const el = await generated(attrs);
    await click(el, 'fullscreen');
    await until(() => $<HTMLDialogElement>(el, 'dialog')?.open === true, 'the full-screen view');
    return { el, viewport: true };
  },
  cancelled: async (attrs) => {
    const { el } = await running('slow', 'generating', attrs);
    await click(el, 'cancel');
    await until(() => part(el, 'notice') !== null, 'the notice');
    return { el };
  },
  'error-retry': async (attrs) => ({ el: (await running('storefail', 'error', attrs)).el }),
  'error-wait': async (attrs) => ({ el: (await running('limit', 'error', attrs)).el }),
};
