import { expect } from '@open-wc/testing';
import { errorMessage } from '../errors/error-message.js';
import { localizer } from '../i18n/localize.js';
import { loadImages } from './load.js';
import { DEFAULT_LIMITS } from './prepare.js';

describe('loadImages', () => {
  it('loads the results, counting each', async () => {
    const counts: number[] = [];
    await loadImages(['/samples/bedroom.jpg', '/samples/kitchen.jpg'], (loaded) => counts.push(loaded));
    expect(counts).to.deep.equal([1, 2]);
  });

  it('a result the browser cannot fetch (offline as the job ends) tells the visitor to check the connection, not that the service failed', async () => {
    const error = await loadImages(['/samples/bedroom.jpg', '/samples/gone.jpg'], () => {}).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(errorMessage(error, localizer('en'), DEFAULT_LIMITS)).to.equal('Network problem — check your connection and try again.');
  });
});
