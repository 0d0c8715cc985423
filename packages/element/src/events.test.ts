import { expect } from '@open-wc/testing';
import { emit } from './events.js';

describe('emit', () => {
  it('sends public events out of shadow roots to the page, and keeps the parts’ events inside', () => {
    const host = document.body.appendChild(document.createElement('div'));
    const shadow = host.attachShadow({ mode: 'open' });
    const part = shadow.appendChild(document.createElement('span'));
    const onPage: string[] = [];
    const inShadow: string[] = [];
    const onPageListener = (event: Event) => onPage.push(event.type);
    for (const type of ['room-restyler-download', 'rr-choose']) {
      document.addEventListener(type, onPageListener);
      shadow.addEventListener(type, (event) => inShadow.push(event.type));
    }
    try {
      const sent = emit(part, 'room-restyler-download', { url: 'https://cdn.example/1.jpg', filename: 'room-1.jpg' });
      emit(part, 'rr-choose', { id: '1' });
      expect(sent.detail.filename).to.equal('room-1.jpg');
      expect(inShadow).to.deep.equal(['room-restyler-download', 'rr-choose']);
      expect(onPage).to.deep.equal(['room-restyler-download']);
    } finally {
      for (const type of ['room-restyler-download', 'rr-choose']) document.removeEventListener(type, onPageListener);
      host.remove();
    }
  });

  it('gives listeners on any element the detail type of each public event', () => {
    const element = document.createElement('div');
    let output: string[] = [];
    // Typed through HTMLElementEventMap: no cast needed to read `detail.output`.
    element.addEventListener('room-restyler-complete', (event) => {
      output = event.detail.output;
    });
    emit(element, 'room-restyler-complete', { output: ['https://cdn.example/1.jpg'], requestId: 'r-1' });
    expect(output).to.deep.equal(['https://cdn.example/1.jpg']);
  });
});
