import { expect } from '@open-wc/testing';
import * as api from './index.js';

describe('@room-restyler/element', () => {
  it('exports what the README documents, and no internals', () => {
    expect(Object.keys(api).sort()).to.deep.equal(['DEFAULT_LIMITS', 'RoomRestyler', 'registerLocale']);
  });
});
