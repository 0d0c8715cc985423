import { STYLE_IDS } from '@room-restyler/core/vocabulary';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PreparedImage } from './clear-floor.js';
import { encodeSimulated, ImageInputError, prepareInput, type RenderRequest, renderOutput } from './render.js';
import { sampleRoom } from './sample-room.js';

let furnished: PreparedImage;
let empty: PreparedImage;

beforeAll(async () => {
  furnished = await prepareInput(await sampleRoom({ width: 480, height: 360, furnished: true }));
  empty = await prepareInput(await sampleRoom({ width: 480, height: 360 }));
});

const render = (image: PreparedImage, request: Partial<RenderRequest> & { style: string }) =>
  renderOutput(image, { mode: 'restyle', seed: 1, index: 0, ...request });

/** Mean and spread of each channel: what a person perceives as tint, brightness and contrast. */
async function features(jpeg: Buffer): Promise<number[]> {
  const { channels } = await sharp(jpeg).stats();
  return channels.slice(0, 3).flatMap((c) => [c.mean, c.stdev]);
}

const distance = (a: number[], b: number[]) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0);

/** Mean absolute difference of two same-sized images, per horizontal band [fromRow, toRow). */
async function bandDifference(a: Buffer, b: Buffer, from: number, to: number): Promise<number> {
  const [ra, rb] = await Promise.all([a, b].map((img) => sharp(img).raw().toBuffer({ resolveWithObject: true })));
  const { width, channels, height } = ra!.info;
  const start = Math.floor(from * height) * width * channels;
  const end = Math.floor(to * height) * width * channels;
  let sum = 0;
  for (let i = start; i < end; i++) sum += Math.abs(ra!.data[i]! - rb!.data[i]!);
  return sum / (end - start);
}

describe('renderOutput', () => {
  it('gives each of the 13 known styles a clearly different look (tint, tone or contrast)', async () => {
    const looks = await Promise.all(STYLE_IDS.map(async (style) => ({ style, f: await features(await render(furnished, { style })) })));
    const original = await features(
      await sharp(furnished.data, { raw: { width: furnished.width, height: furnished.height, channels: 3 } })
        .jpeg()
        .toBuffer(),
    );
    for (const a of looks) {
      expect(distance(a.f, original), `${a.style} vs the input`).toBeGreaterThan(15);
      for (const b of looks) {
        if (a.style < b.style) expect(distance(a.f, b.f), `${a.style} vs ${b.style}`).toBeGreaterThan(12);
      }
    }
  });

  it('gives free-text styles a stable look of their own', async () => {
    const wabi = await render(furnished, { style: 'wabi_sabi' });
    expect(await render(furnished, { style: 'wabi_sabi' })).toEqual(wabi);
    expect(distance(await features(wabi), await features(await render(furnished, { style: 'art deco' })))).toBeGreaterThan(12);
  });

  it('stages furniture on the floor in staging mode, while a restyle only regrades', async () => {
    const staged = await render(empty, { style: 'coastal', mode: 'staging' });
    const regraded = await render(empty, { style: 'coastal', mode: 'restyle' });
    const floor = await bandDifference(staged, regraded, 0.62, 0.92);
    const ceiling = await bandDifference(staged, regraded, 0, 0.12);
    expect(floor).toBeGreaterThan(25);
    expect(ceiling).toBeLessThan(3);
  });

  it('empties a furnished room in empty-room mode: its floor looks like the empty room’s, its walls stay, and staging it adds furniture instead', async () => {
    const style = 'coastal';
    const emptyRoom = await render(empty, { style });
    const emptied = await render(furnished, { style, mode: 'empty-room' });
    const regraded = await render(furnished, { style });
    const staged = await render(furnished, { style, mode: 'staging' });
    const floor = (image: Buffer) => bandDifference(image, emptyRoom, 0.62, 0.92);
    expect(await floor(emptied)).toBeLessThan(6);
    expect(await floor(regraded)).toBeGreaterThan(15);
    expect(await floor(staged)).toBeGreaterThan(await floor(regraded));
    // The walls and the window above the floor are the photo's.
    expect(await bandDifference(emptied, regraded, 0, 0.58)).toBeLessThan(3);
  });

  it('is byte-identical for the same input, style and seed, and varies with the seed and the output index', async () => {
    const request = { style: 'japandi', mode: 'staging' as const, seed: 7 };
    const first = await render(empty, request);
    expect(await render(empty, request)).toEqual(first);
    expect(await render(empty, { ...request, seed: 8 })).not.toEqual(first);
    expect(await render(empty, { ...request, index: 1 })).not.toEqual(first);
  });

  it.each([
    ['a style', () => render(furnished, { style: 'minimalist' })],
    ['an operation', () => encodeSimulated(furnished, 'clear sky')],
  ])('stamps a dark badge with light text in the bottom-left corner for %s', async (_, output) => {
    const out = await output();
    const { data, info } = await sharp(out)
      .extract({ left: 6, top: 360 - 16, width: 60, height: 10 })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = [...data];
    expect(info.width).toBe(60);
    expect(pixels.filter((v) => v < 60).length).toBeGreaterThan(pixels.length * 0.3);
    expect(pixels.filter((v) => v > 190).length).toBeGreaterThan(pixels.length * 0.1);
  });

  it('outputs a JPEG with the long edge capped at 2048 pixels', async () => {
    const big = await prepareInput(await sampleRoom({ width: 3000, height: 2000 }));
    const meta = await sharp(await render(big, { style: 'modern' })).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 2048, height: 1365 });
  });
});

describe('prepareInput', () => {
  it('rejects bytes that are not an image, SVG, and images that are too small, with clear messages', async () => {
    await expect(prepareInput(Buffer.from('<html>not an image</html>'))).rejects.toThrow(
      new ImageInputError('image_url did not return a decodable image'),
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"/>');
    await expect(prepareInput(svg)).rejects.toThrow(/must be a JPEG, PNG/);
    const tiny = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    await expect(prepareInput(tiny)).rejects.toThrow(/too small/);
  });

  it('accepts PNG and greyscale input', async () => {
    const grey = await sharp({ create: { width: 100, height: 80, channels: 3, background: '#777' } })
      .greyscale()
      .png()
      .toBuffer();
    expect(await prepareInput(grey)).toMatchObject({ width: 100, height: 80 });
    expect(await prepareInput(await sampleRoom({ width: 200, height: 150, format: 'png' }))).toMatchObject({ width: 200, height: 150 });
  });
});
