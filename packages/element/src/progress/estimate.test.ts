import { expect } from '@open-wc/testing';
import { generationShare, LOAD_SHARE, remainingMs, UPLOAD_SHARE } from './estimate.js';

const seconds = Array.from({ length: 121 }, (_, i) => i * 500);

describe('the progress estimate', () => {
  it('moves the bar forward at every moment of a generation, without reaching the images’ share', () => {
    const shares = seconds.map((elapsed) => generationShare(elapsed));
    expect(shares[0]).to.equal(UPLOAD_SHARE);
    expect(shares.every((share, i) => i === 0 || share > (shares[i - 1] as number))).to.equal(true);
    expect(Math.max(...shares)).to.be.below(1 - LOAD_SHARE);
    // Three quarters of the generation's share at 20 s, a typical job.
    expect(generationShare(20_000)).to.be.closeTo(UPLOAD_SHARE + 0.75 * (1 - UPLOAD_SHARE - LOAD_SHARE), 0.01);
  });

  it('never promises less time than it said before, and stops promising after the usual 30 s', () => {
    // The example: "about 1 s left" at 19 s, then "about 10 s left" at 21 s.
    expect(remainingMs(21_000)).to.be.at.most(remainingMs(19_000) as number);
    const left = seconds.map((elapsed) => remainingMs(elapsed));
    expect(left.every((l, i) => i === 0 || (l ?? 0) <= (left[i - 1] ?? 0))).to.equal(true);
    // Every promise covers a job that ends within the service's 10–30 s.
    for (const [i, l] of left.entries()) if (l !== undefined) expect((seconds[i] as number) + l).to.be.at.least(30_000);
    expect(remainingMs(30_000)).to.equal(undefined);
    expect(remainingMs(12_000)).to.equal(20_000);
  });

  it('starts from how long this site’s jobs take, once the proxy knows: its median, counted down by the second', () => {
    // The demo's 3–6 s jobs: not "about 30 s left" for their first seconds.
    const median = 4_400;
    expect(remainingMs(0, median)).to.be.closeTo(median, 2_000);
    const left = seconds.map((elapsed) => remainingMs(elapsed, median));
    expect(left.slice(0, 10)).to.deep.equal([5_000, 4_000, 4_000, 3_000, 3_000, 2_000, 2_000, 1_000, 1_000, undefined]);
    expect(left.every((l, i) => i === 0 || (l ?? 0) <= (left[i - 1] ?? 0))).to.equal(true);
    // The bar eases at the site's pace: three quarters of the generation's share after a usual job.
    expect(generationShare(median, median)).to.be.closeTo(UPLOAD_SHARE + 0.75 * (1 - UPLOAD_SHARE - LOAD_SHARE), 0.001);
  });
});
