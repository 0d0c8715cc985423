/** <room-restyler> as a form control in a real <form>: value, reset, disabled, validity, restore. */
import { expect, fixture } from '@open-wc/testing';
import '../../define.js';
import '../../test/backend-contract.js';
import { makePhoto, until } from '../../test/helpers.js';
import { $, drop, endpointFor, is, part } from '../../test/widget.js';
import type { RoomRestyler } from './room-restyler.js';

async function inForm(attrs = '') {
  const form = await fixture<HTMLFormElement>(
    `<form><fieldset><room-restyler name="staged" endpoint="${endpointFor('ok')}" room-style="japandi" ${attrs}></room-restyler></fieldset><button>Send</button></form>`,
  );
  return { form, el: form.querySelector('room-restyler') as RoomRestyler, fieldset: form.querySelector('fieldset')! };
}

async function generateIn(el: RoomRestyler) {
  await el.selectFile(await makePhoto(800, 600));
  await el.generate();
  await until(() => is(el, 'result'), 'result');
}

describe('<room-restyler> in a form', () => {
  it('is required until a result is chosen, and submits the chosen result', async () => {
    const { form, el } = await inForm('required');
    let submitted: FormData | undefined;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submitted = new FormData(form);
    });
    expect(form.checkValidity()).to.equal(false);
    expect(el.validity.valueMissing).to.equal(true);
    expect(el.validationMessage).to.equal('Generate a room preview first.');
    form.requestSubmit();
    expect(submitted, 'no submit while the preview is missing').to.equal(undefined);

    await generateIn(el);
    await el.updateComplete;
    expect(el.checkValidity()).to.equal(true);
    form.requestSubmit();
    expect(submitted?.get('staged')).to.equal(el.value);
    expect(el.value).to.match(/^http/);
  });

  it('goes back to its first state on form.reset(), choices included', async () => {
    const { form, el } = await inForm();
    await generateIn(el);
    $<HTMLInputElement>(part(el, 'style')!, 'input[value="coastal"]')!.click();
    form.reset();
    await el.updateComplete;
    expect(is(el, 'empty')).to.equal(true);
    expect(el.value).to.equal('');
    expect(el.roomStyle).to.equal('japandi');
    expect(new FormData(form).get('staged')).to.equal('');
  });

  it('takes no input inside a disabled fieldset, and takes it again when enabled', async () => {
    const { el, fieldset } = await inForm('paste-scope="document"');
    fieldset.disabled = true;
    await el.updateComplete;
    expect(el.matches(':disabled')).to.equal(true);
    expect(part(el, 'base')!.inert).to.equal(true);
    const clipboardData = new DataTransfer();
    clipboardData.items.add(await makePhoto(800, 600));
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true }));
    await new Promise((r) => requestAnimationFrame(r));
    expect(is(el, 'empty'), 'a paste is ignored').to.equal(true);

    fieldset.disabled = false;
    await el.updateComplete;
    expect(part(el, 'base')!.inert).to.equal(false);
    drop(el, await makePhoto(800, 600));
    await until(() => is(el, 'ready'), 'ready');
  });

  it('restores its photo and results when the browser restores the form (back/forward)', async () => {
    const { el } = await inForm();
    const results = [
      { src: `${location.origin}/samples/bedroom.jpg`, style: 'japandi', roomType: 'bedroom', n: 1 },
      { src: `${location.origin}/samples/office.jpg`, style: 'japandi', roomType: 'bedroom', n: 2 },
    ];
    el.formStateRestoreCallback(JSON.stringify({ photo: `${location.origin}/samples/living-room.jpg`, results, shown: 1 }));
    await until(() => is(el, 'result'), 'the restored result');
    expect(el.value).to.equal(results[1]!.src);
    expect(part(el, 'gallery')).to.exist;
  });
});
