import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../define.js';
import type { PartEvent } from '../../events.js';
import type { DropZone } from './drop-zone.js';

/** Picks a file named `name` in `input` as a browser does; resolves with the file the zone hands over. */
async function pick(el: DropZone, input: HTMLInputElement, name: string): Promise<File> {
  const dataTransfer = new DataTransfer();
  dataTransfer.items.add(new File(['x'], name, { type: 'image/jpeg' }));
  input.files = dataTransfer.files;
  const picked = oneEvent(el, 'rr-file');
  input.dispatchEvent(new Event('change'));
  return ((await picked) as PartEvent<'rr-file'>).detail.file;
}

describe('room-restyler-drop-zone', () => {
  it('opens the real file picker from the keyboard', async () => {
    const el = await fixture<DropZone>(html`<room-restyler-drop-zone choose-text="Choose photo"></room-restyler-drop-zone>`);
    el.chooseText = 'Choose photo';
    await el.updateComplete;
    const input = el.shadowRoot!.querySelector<HTMLInputElement>('#file')!;
    expect(input.type).to.equal('file');
    expect(input.accept).to.equal('image/jpeg,image/png,image/webp');
    let opened = 0;
    input.click = () => void opened++;
    el.shadowRoot!.querySelector<HTMLButtonElement>('button.primary')!.focus();
    await sendKeys({ press: 'Enter' });
    expect(opened).to.equal(1);
  });

  it('hands over a chosen file once', async () => {
    const el = await fixture<DropZone>(html`<room-restyler-drop-zone></room-restyler-drop-zone>`);
    const input = el.shadowRoot!.querySelector<HTMLInputElement>('#file')!;
    expect((await pick(el, input, 'a.jpg')).name).to.equal('a.jpg');
    // Cleared, so picking the same file again after an error still reports it.
    expect(input.value).to.equal('');
  });

  it('offers the camera on touch devices only, and hands over the photo taken', async () => {
    const el = await fixture<DropZone>(html`<room-restyler-drop-zone></room-restyler-drop-zone>`);
    const button = el.shadowRoot!.querySelector<HTMLButtonElement>('button.camera')!;
    const camera = el.shadowRoot!.querySelector<HTMLInputElement>('#camera')!;
    // This test browser has a mouse (pointer: fine): no camera button.
    expect(matchMedia('(pointer: coarse)').matches).to.equal(false);
    expect(getComputedStyle(button).display).to.equal('none');
    // On a phone the button opens the rear camera directly.
    expect(camera.getAttribute('capture')).to.equal('environment');
    expect(camera.accept).to.equal('image/*');
    let opened = 0;
    camera.click = () => void opened++;
    button.click();
    expect(opened).to.equal(1);
    expect((await pick(el, camera, 'camera.jpg')).name).to.equal('camera.jpg');
  });
});
