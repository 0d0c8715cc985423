/** Keyboard flows in Chromium: focus moves to what matters in each state and never falls out of the widget. */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../define.js';
import '../../test/backend-contract.js';
import { makePhoto, samplePhoto, until } from '../../test/helpers.js';
import { $, button, completeJobs, endpointFor, is, mount, part } from '../../test/widget.js';
import type { RoomRestyler } from './room-restyler.js';

/** The focused element, looking inside shadow roots. */
function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

const focusedOn = (predicate: (el: Element) => boolean, what: string) => until(() => !!deepActive() && predicate(deepActive()!), what);
const isPart = (name: string) => (el: Element) => el.matches(`[part~="${name}"]`);
const isRadio = (value: string) => (el: Element) => el instanceof HTMLInputElement && el.type === 'radio' && el.value === value;
const inWidget = (el: RoomRestyler) => document.activeElement === el;

describe('<room-restyler> focus', () => {
  afterEach(() => setViewport({ width: 800, height: 600 }));

  it('follows a keyboard visitor from the photo to the result and back, always inside the widget', async () => {
    const { el, endpoint } = await mount('slow');
    el.focus();
    await focusedOn((a) => a.textContent?.trim() === 'Choose photo', 'the Choose photo button');

    // The file picker returns a photo: the style cards are next.
    await el.selectFile(await makePhoto(800, 600));
    await focusedOn(isRadio('modern'), 'the chosen style card');
    await sendKeys({ press: 'ArrowRight' });
    expect(el.roomStyle).to.equal('minimalist');
    await sendKeys({ press: 'Tab' });
    await focusedOn(isPart('generate'), 'Generate');

    await sendKeys({ press: 'Enter' });
    await focusedOn(isPart('cancel'), 'Cancel while generating');
    await completeJobs(endpoint);
    await focusedOn((a) => a instanceof HTMLInputElement && a.type === 'range', 'the comparison slider');
    expect(is(el, 'result')).to.equal(true);

    // Tab goes on through the result's controls, not out of the widget.
    await sendKeys({ press: 'Tab' });
    expect(inWidget(el)).to.equal(true);
    await focusedOn(isPart('fullscreen'), 'Full screen, after the slider');

    button(el, 'Try another style').focus();
    await sendKeys({ press: 'Enter' });
    await focusedOn(isRadio('minimalist'), 'the chosen style card, to try another');

    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    await focusedOn(isPart('cancel'), 'Cancel');
    await sendKeys({ press: 'Enter' });
    await focusedOn(isPart('generate'), 'Generate again after Cancel');
    expect(part(el, 'notice')!.textContent).to.contain('it counts as a preview');
  });

  it('leaves focus where the visitor put it outside the widget when a result arrives', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div><button id="outside">Read more</button><room-restyler endpoint=${endpointFor('slow')}></room-restyler></div>`,
    );
    const el = wrapper.querySelector('room-restyler')!;
    await el.selectFile(await makePhoto(800, 600));
    el.focus();
    void el.generate();
    await until(() => is(el, 'generating'), 'generating');
    const outside = wrapper.querySelector<HTMLButtonElement>('#outside')!;
    outside.focus();
    await completeJobs(el.endpoint);
    await until(() => is(el, 'result'), 'result');
    await el.updateComplete;
    expect(document.activeElement).to.equal(outside);
  });

  it('on a phone, brings an error into view and focuses the action that fixes it', async () => {
    await setViewport({ width: 360, height: 640 });
    const wrapper = await fixture<HTMLDivElement>(
      html`<div><div style="height: 900px"></div><room-restyler endpoint=${endpointFor('storefail')}></room-restyler></div>`,
    );
    const el = wrapper.querySelector('room-restyler')!;
    await el.selectFile(await samplePhoto('bedroom'));
    const generate = part(el, 'generate')!;
    generate.scrollIntoView({ block: 'end' });
    generate.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => is(el, 'error'), 'error');
    await focusedOn(isPart('retry'), 'Retry');
    const banner = part(el, 'error')!;
    await until(() => {
      const { top, bottom } = banner.getBoundingClientRect();
      return top >= 0 && bottom <= innerHeight;
    }, 'the error in view');
    expect(part(el, 'retry')!.textContent).to.equal('Retry');
  });

  it('focuses the message when the only remedy is to wait', async () => {
    const { el } = await mount('limit');
    await el.selectFile(await makePhoto(800, 600));
    part(el, 'generate')!.focus();
    await sendKeys({ press: 'Enter' });
    await focusedOn(isPart('error'), 'the error message');
    expect(part(el, 'retry')).to.equal(null);
  });

  it('opens the full-screen comparison as a modal dialog and gives focus back when it closes', async () => {
    const { el } = await mount('ok');
    await el.selectFile(await makePhoto(800, 600));
    el.focus();
    await el.generate();
    await focusedOn((a) => a instanceof HTMLInputElement && a.type === 'range', 'the comparison slider');
    part(el, 'fullscreen')!.focus();
    await sendKeys({ press: 'Enter' });
    const dialog = await until(() => $<HTMLDialogElement>(el, 'dialog')?.open === true, 'the dialog').then(
      () => $<HTMLDialogElement>(el, 'dialog')!,
    );
    await focusedOn((a) => a.textContent === 'Close', 'Close');
    // Zoom in: the images grow (the view shows part of them).
    const compare = dialog.querySelector('room-restyler-compare')!;
    const frame = () => $(compare, 'img')!.getBoundingClientRect().width;
    const fitted = frame();
    dialog.querySelector<HTMLButtonElement>('[aria-label="Zoom in"]')!.click();
    await until(() => Math.abs(frame() - fitted * 1.5) < 2, 'the zoomed frame');
    await sendKeys({ press: 'Escape' });
    await until(() => $(el, 'dialog') === null, 'the dialog gone');
    await focusedOn(isPart('fullscreen'), 'the Full screen button');
  });
});
