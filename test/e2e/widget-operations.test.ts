/**
 * Issue 29's "Done when" through the widget the proxy serves (`{prefix}/room-restyler.js`, its
 * first-use modules beside it): a site allowing clear sky, blur and staging (the proxy's
 * `operations`, what `ROOM_PROXY_OPERATIONS` sets) puts `operations="clearSky,blurObjects,stage"`
 * on its page; a listing photographer drops an exterior, clears its sky, blurs its licence plate,
 * then drops the living room and stages it — against the simulator acknowledging in either
 * documented shape. Screenshots go to test-output/widget-operations/.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { generationOperations } from '@room-restyler/core';
import { elementWidget } from '@room-restyler/proxy/node';
import { CHROMIUM_ARGS, chromiumPath, SAFETY_TIMEOUT_MS } from '@room-restyler/test-kit/system';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropPhoto } from '../support/demo.js';
import { type Stack, startStack } from '../support/stack.js';

const SHOTS = new URL('../test-output/widget-operations/', import.meta.url).pathname;
const require = createRequire(import.meta.url);

/**
 * An exterior as a listing photographer takes it: an overcast sky over a house, and a car with its licence plate. The
 * simulator cannot find a plate, so it blurs a band below the middle (simulator object-boxes.ts): the car stands in it.
 */
const exterior = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
      <rect width="800" height="600" fill="#b4b7ba"/><ellipse cx="220" cy="90" rx="140" ry="40" fill="#e2e4e6"/>
      <rect y="400" width="800" height="200" fill="#3f7a35"/><rect x="240" y="230" width="320" height="220" fill="#6b4a3a"/>
      <polygon points="220,230 400,120 580,230" fill="#55372b"/>
      <rect x="560" y="360" width="200" height="80" rx="18" fill="#1d4e89"/>
      <rect x="615" y="400" width="90" height="24" fill="#fff" stroke="#000"/>
      <text x="660" y="418" font-family="sans-serif" font-size="18" text-anchor="middle">AB 123</text></svg>`),
  )
    .jpeg()
    .toBuffer();

/** Presses Generate and waits for the result the visitor sees: its image loaded in the comparison, and its card's label. */
async function generate(page: Page, widget: Locator): Promise<string[]> {
  await widget.locator('[part~="generate"]').click();
  await page.waitForFunction(() => {
    const el = document.querySelector('room-restyler')!;
    if (el.matches(':state(error)')) return true;
    const compare = el.matches(':state(result)') && el.shadowRoot!.querySelector('room-restyler-compare');
    const images = compare ? [...compare.shadowRoot!.querySelectorAll('img')] : [];
    return images.length >= 2 && images.every((img) => img.complete && img.naturalWidth > 0);
  });
  const error = widget.locator('[part~="error"]');
  expect(await error.count(), await error.allInnerTexts().then(String)).toBe(0);
  return (await widget.locator('[part~="gallery"] [part~="card"]').allInnerTexts()).map((text) => text.trim());
}

describe.each(['generation', 'object'] as const)(
  'the proxy-served widget offering clear sky, blur and staging (acknowledged in the %s shape)',
  (ackShape) => {
    let stack: Stack;
    let browser: Browser;

    beforeAll(async () => {
      stack = await startStack({
        simulator: { ackShape },
        proxy: { operations: ['clearSky', 'blurObjects', 'stage'], widget: elementWidget(require.resolve) },
      });
      browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
      await mkdir(SHOTS, { recursive: true });
    });
    afterAll(async () => {
      await browser?.close();
      await stack?.close();
    });

    it('a listing photographer clears the sky of an exterior, blurs its licence plate and stages the living room', async () => {
      const { version } = JSON.parse(await readFile(require.resolve('@room-restyler/element/package.json'), 'utf8')) as { version: string };
      // The page's origin counts as public to Chromium (the test fulfils it): the results, on the
      // simulator's loopback address here (a public host in production), need the visitor's permission.
      const page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, permissions: ['local-network-access'] });
      page.setDefaultTimeout(SAFETY_TIMEOUT_MS);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const scripts: string[] = [];
      page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
      // The site's own page, on the origin the proxy is mounted on (here the proxy's root).
      const site = `${stack.proxy.url}/listing.html`;
      await page.route(site, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html lang="en"><head><title>Listing</title>
<script type="module" src="/room-restyler.js?v=${version}"></script></head>
<body><room-restyler endpoint="/" operations="clearSky,blurObjects,stage"></room-restyler></body></html>`,
        }),
      );
      await page.goto(site);
      const widget = page.locator('room-restyler');
      const mode = widget.locator('[part~="mode"]');
      await expect.poll(() => mode.locator('label').allInnerTexts()).toEqual(['Clear the sky', 'Blur objects', 'Stage an empty room']);
      // The operations came from the module beside the bundle, which the proxy serves.
      expect(scripts.filter((path) => /^\/room-restyler\/operations-\w+\.js$/.test(path))).toHaveLength(1);

      await dropPhoto(page, await exterior(), 'exterior.jpg');
      await mode.getByText('Clear the sky').click();
      expect(await generate(page, widget)).toEqual(['Clear the sky 1']);
      await page.screenshot({ path: `${SHOTS}${ackShape}-1-clear-sky.png` });

      await widget.locator('[part~="try-another"]').click();
      await mode.getByText('Blur objects').click();
      await widget.locator('[part~="prompt"]').fill('licence plate');
      expect(await generate(page, widget)).toEqual(['Clear the sky 1', 'Blur objects 1']);
      await page.screenshot({ path: `${SHOTS}${ackShape}-2-blur.png` });

      await widget.locator('[part~="change-photo"]').click();
      await dropPhoto(page);
      await mode.getByText('Stage an empty room').click();
      await widget.locator('[part~="card"]', { hasText: 'Scandinavian' }).click();
      expect(await generate(page, widget)).toEqual(['Scandinavian 1']);
      await page.screenshot({ path: `${SHOTS}${ackShape}-3-stage.png` });

      // The service received one start of each, at its own path.
      const starts = Object.entries(stack.sim.stats().requests).filter(([route]) => route.startsWith('POST '));
      expect(Object.fromEntries(starts)).toEqual(
        Object.fromEntries(
          (['clearSky', 'blurObjects', 'stage'] as const).map((operation) => [`POST ${generationOperations[operation].path}`, 1]),
        ),
      );
      expect(errors).toEqual([]);
      await page.close();
    });
  },
);
