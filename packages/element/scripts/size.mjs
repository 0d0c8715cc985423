// `pnpm bench`: bundle sizes against their budgets, and the bytes uploaded for a 12-megapixel
// photo after the in-browser downscale/re-encode (run in Chromium) against the original file.
// Prints only the Markdown section to stdout; progress goes to stderr.

import { readdir, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, chromiumPath } from '@room-restyler/test-kit/system';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { BUDGETS, measureBundles, measureTranslations } from './bundles.mjs';
import { PALETTES, roomSvg } from './room-scene.mjs';

const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
const [{ cdn, element }, { de }] = await Promise.all([measureBundles(), measureTranslations()]);
console.error('bundles measured');

// A camera-like 12 MP JPEG: the room scene plus sensor grain, at the quality phones use.
const [w, h] = [4000, 3000];
const scene = await sharp(Buffer.from(roomSvg(w, h, PALETTES['living-room'])))
  .png()
  .toBuffer();
const grain = await sharp({
  create: { width: w, height: h, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 22 } },
})
  .png()
  .toBuffer();
const original = await sharp(scene)
  .composite([{ input: grain, blend: 'soft-light' }])
  .jpeg({ quality: 92 })
  .toBuffer();
console.error(`12 MP original: ${original.length} B`);

const prepare = await build({
  entryPoints: [fileURLToPath(new URL('../src/image/prepare.ts', import.meta.url))],
  bundle: true,
  format: 'iife',
  globalName: 'roomPrepare',
  write: false,
});
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
let uploaded;
let dims;
try {
  const page = await browser.newPage();
  await page.addScriptTag({ content: prepare.outputFiles[0].text });
  ({ bytes: uploaded, dims } = await page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const prepared = await window.roomPrepare.prepareImage(new Blob([bytes], { type: 'image/jpeg' }));
    return { bytes: prepared.blob.size, dims: `${prepared.width}×${prepared.height}` };
  }, original.toString('base64')));
} finally {
  await browser.close();
}

const previewsDir = new URL('../previews/', import.meta.url);
const previews = await Promise.all((await readdir(previewsDir)).map(async (name) => (await stat(new URL(name, previewsDir))).size));
const previewsTotal = previews.reduce((sum, n) => sum + n, 0);
const previewsRange = `${(Math.min(...previews) / 1000).toFixed(1)}–${kB(Math.max(...previews))} each`;

const row = (what, value, target, ratio) => `| ${what} | ${value} | ${target} | ${ratio} |`;
console.log(`## Element

\`pnpm --filter @room-restyler/element bench\` — esbuild \`minify: true\` (the sources' indentation dropped first, templates included), zlib gzip level 9; the 12 MP photo is re-encoded in Chromium by the element's own code.

| Measure | Value | Budget / baseline | Ratio |
|---|---|---|---|
${row('CDN entry (lit and English included), loaded up front, min+gzip', kB(cdn.gzip), `≤ ${kB(BUDGETS.cdn)}`, `${((cdn.gzip / BUDGETS.cdn) * 100).toFixed(0)} % of budget`)}
${row("CDN modules beside it, loaded on first use (the proxy's client, the viewer; the operations and the mask brush where enabled), min+gzip", kB(cdn.lazy), 'not budgeted', `up front + first use ${kB(cdn.gzip + cdn.lazy)}`)}
${row('A CDN language module (`translations/de.js`), min+gzip', kB(de.gzip), 'loaded only for German', `bundle + German ${kB(cdn.gzip + de.gzip)}`)}
${row('Element without lit (`/define`), loaded up front, min+gzip', kB(element.gzip), `≤ ${kB(BUDGETS.element)}`, `${((element.gzip / BUDGETS.element) * 100).toFixed(0)} % of budget`)}
${row("Element, loaded on first use (the proxy's client, the viewer; the operations and the mask brush where enabled), min+gzip", kB(element.lazy), 'not budgeted', `up front + first use ${kB(element.gzip + element.lazy)}`)}
${row(`Style previews (${previews.length} WebP, 224×136; proxy-served, lazy)`, kB(previewsTotal), 'no JavaScript: unbudgeted', previewsRange)}
${row(`Upload for a 12 MP photo (4000×3000 → ${dims} JPEG)`, kB(uploaded), `original file ${kB(original.length)}`, `${(original.length / uploaded).toFixed(1)}× smaller (target ≥ 5×)`)}
`);
