/** Helpers for the browser tests of <room-restyler> (never bundled). */
import { fixture } from '@open-wc/testing';
import type { RoomRestyler } from '../components/room-restyler/room-restyler.js';
import { makePhoto, until } from './helpers.js';

let counter = 0;
/** A fresh backend per call: the real proxy over the fake service, /backend/<scenario>-<n> (see test/backends.mjs). */
export const endpointFor = (scenario: string) => `/backend/${scenario}-${Date.now()}-${++counter}`;

export const $ = <T extends Element = HTMLElement>(el: Element, selector: string) => el.shadowRoot!.querySelector<T>(selector);
export const part = <T extends Element = HTMLElement>(el: Element, name: string) => $<T>(el, `[part~="${name}"]`);
export const is = (el: Element, state: string) => el.matches(`:state(${state})`);
export const nextFrame = () => new Promise((r) => requestAnimationFrame(r));

/** Mounts a widget on a fresh backend of `scenario`, inside a wrapper div. */
export async function mount(scenario: string, attrs = '') {
  const endpoint = endpointFor(scenario);
  const wrapper = await fixture<HTMLDivElement>(`<div><room-restyler endpoint="${endpoint}" ${attrs}></room-restyler></div>`);
  const el = wrapper.querySelector('room-restyler') as RoomRestyler;
  await el.updateComplete;
  return { el, endpoint, wrapper };
}

/** Drops a file on the drop zone the way a browser does. */
export function drop(el: RoomRestyler, file: File) {
  const zone = $($(el, 'room-restyler-drop-zone')!, '.zone')!;
  const dataTransfer = new DataTransfer();
  dataTransfer.items.add(file);
  zone.dispatchEvent(new DragEvent('dragenter', { dataTransfer, bubbles: true, composed: true }));
  zone.dispatchEvent(new DragEvent('drop', { dataTransfer, bubbles: true, composed: true }));
}

/** Drops a photo (a drawn one by default) and waits for the ready state. */
export async function ready(el: RoomRestyler, file?: File) {
  drop(el, file ?? (await makePhoto(800, 600)));
  await until(() => is(el, 'ready'), 'ready');
}

/** Clicks a part once the element has rendered. */
export async function click(el: RoomRestyler, name: string) {
  await el.updateComplete;
  part(el, name)!.click();
}

/** A button of the widget by its text. */
export const button = (el: RoomRestyler, text: string) =>
  [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) as HTMLButtonElement;

/** Completes the jobs of a `slow` backend. */
export const completeJobs = (endpoint: string) => fetch(`${endpoint}/__complete`, { method: 'POST' });
/** Lets the result images of a `slowimg` backend load. */
export const releaseImages = (endpoint: string) => fetch(`${endpoint}/__release`, { method: 'POST' });

/** Mounts a widget on a fresh backend of `scenario`, chooses a photo, presses Generate and waits for `state`. */
export async function generateUntil(scenario: string, state: string, attrs = '', file?: File) {
  const mounted = await mount(scenario, attrs);
  await ready(mounted.el, file);
  await click(mounted.el, 'generate');
  await until(() => is(mounted.el, state), state);
  return mounted;
}
