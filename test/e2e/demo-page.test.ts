import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { STYLE_IDS } from '@room-restyler/core/vocabulary';
import { CHROMIUM_ARGS, chromiumPath, SAFETY_TIMEOUT_MS } from '@room-restyler/test-kit/system';
import { type Browser, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropPhoto, startDemo } from '../support/demo.js';

/** axe-core's browser build, injected into the page. */
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The key the demo server gives its proxy (the simulator's default key). */
const DEMO_KEY = 'sim_test_key';

const widgetImagesLoaded = (page: Page) =>
  page.waitForFunction(() => {
    const compare = document.querySelector('room-restyler')!.shadowRoot!.querySelector('room-restyler-compare')!;
    const images = [...compare.shadowRoot!.querySelectorAll('img')];
    return images.length >= 2 && images.every((img) => img.complete && img.naturalWidth > 0);
  });

describe('a visitor stages a room on the demo listing page', () => {
  let demo: ChildProcess;
  let browser: Browser;
  let page: Page;
  let url: string;
  const seenBodies: string[] = [];

  beforeAll(async () => {
    const started = startDemo('0');
    demo = started.demo;
    url = await started.url;
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page.setDefaultTimeout(SAFETY_TIMEOUT_MS);
    // Everything the browser receives, to check that the key is in none of it.
    page.on('response', async (response) => {
      const type = response.headers()['content-type'] ?? '';
      const headers = JSON.stringify(response.headers());
      const body = /json|javascript|text|html|css|event-stream/.test(type) ? await response.text().catch(() => '') : '';
      seenBodies.push(headers, body);
    });
  });

  afterAll(async () => {
    await browser?.close();
    demo?.kill('SIGTERM');
  });

  it('drops a photo, picks a style, generates, compares and downloads; the tries left go down by one', async () => {
    await page.goto(url);
    const widget = page.locator('room-restyler');
    const tries = page.locator('#tries');
    await expect.poll(() => tries.textContent()).toBe('50 of 50 free tries left this hour.');
    await widget.scrollIntoViewIfNeeded();

    await dropPhoto(page);

    await widget.locator('[part~="card"]', { hasText: 'Japandi' }).click();
    await widget.locator('[part~="generate"]').click();
    await widget.locator('[part~="progress"]').waitFor();
    await widget.locator('[part~="compare"]').waitFor();
    // Both images of the comparison load.
    await widgetImagesLoaded(page);
    await expect.poll(() => tries.textContent()).toBe('49 of 50 free tries left this hour.');

    // The slider answers the keyboard.
    const slider = widget.locator('room-restyler-compare input[type="range"]').first();
    await slider.focus();
    await page.keyboard.press('End');
    expect(Number(await slider.inputValue())).toBe(100);
    await page.keyboard.press('Home');
    expect(Number(await slider.inputValue())).toBe(0);

    const [download] = await Promise.all([page.waitForEvent('download'), widget.locator('[part~="download"]').click()]);
    expect(download.suggestedFilename()).toMatch(/japandi.*\.(jpe?g|png|webp)$/i);
    const meta = await sharp(await download.path()).metadata();
    expect(meta.width).toBeGreaterThan(0);

    expect(seenBodies.length).toBeGreaterThan(0);
    for (const text of seenBodies) expect(text).not.toContain(DEMO_KEY);
  });

  it('is the production build: hashed, compressed, cached; a favicon and a description; no dev server', async () => {
    const html = await (await fetch(url)).text();
    const script = /<script type="module" crossorigin src="(\/assets\/[\w-]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(html).not.toContain('/@vite/client');
    expect(html).toMatch(/<meta\s+name="description"\s+content="[^"]{50,}"/);
    const asset = await fetch(new URL(script!, url), { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).not.toMatch(/\bZodError\b/);
    const icon = /<link rel="icon" href="([^"]+)"/.exec(html)?.[1];
    expect((await fetch(new URL(icon!, url))).status).toBe(200);
  });

  it("follows the visitor's colour scheme, and axe finds nothing in either", async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const visitor = await browser.newPage({ colorScheme });
      visitor.setDefaultTimeout(SAFETY_TIMEOUT_MS);
      try {
        await visitor.goto(url);
        const widget = visitor.locator('room-restyler');
        await widget.evaluate((el) => (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete);
        expect(await widget.getAttribute('theme')).toBeNull();
        const surface = await widget.evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('[part~="base"]')!).backgroundColor);
        expect(surface, colorScheme).toBe(colorScheme === 'dark' ? 'rgb(23, 25, 28)' : 'rgb(255, 255, 255)');
        await visitor.addScriptTag({ path: AXE });
        const violations = await visitor.evaluate(async () => {
          const { axe } = window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } };
          return (await axe.run()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`);
        });
        expect(violations, colorScheme).toEqual([]);
      } finally {
        await visitor.close();
      }
    }
  });

  it('fits a 320 px phone without sideways scrolling, with photos sized for it', async () => {
    const phone = await browser.newPage({ viewport: { width: 320, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    phone.setDefaultTimeout(SAFETY_TIMEOUT_MS);
    try {
      await phone.goto(url);
      await phone.locator('room-restyler').evaluate((el) => (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      // A 2× phone 320 px wide loads the 800 px photo, not the 1600 px original.
      const hero = await phone.locator('#main-photo').evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(hero).toMatch(/living-room-800\.jpg$/);
      const thumbs = await phone.locator('.thumbs img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src')));
      expect(thumbs.every((src) => src?.endsWith('-192.jpg'))).toBe(true);
    } finally {
      await phone.close();
    }
  });

  it('shows every style card with its preview, served by the proxy beside the widget', async () => {
    const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    visitor.setDefaultTimeout(SAFETY_TIMEOUT_MS);
    try {
      await visitor.goto(url);
      await visitor.locator('room-restyler [part~="style"]').scrollIntoViewIfNeeded();
      const pictures = () =>
        visitor.evaluate(() => {
          const cards = document.querySelector('room-restyler')!.shadowRoot!.querySelector('room-restyler-cards')!.shadowRoot!;
          return [...cards.querySelectorAll('.card')].map((card) => {
            const img = card.querySelector('img');
            return img?.complete ? `${new URL(img.src).pathname} ${img.naturalWidth}×${img.naturalHeight}` : 'none';
          });
        });
      await expect.poll(pictures).toEqual(STYLE_IDS.map((style) => `/room-api/room-restyler/previews/${style}.webp 224×136`));
    } finally {
      await visitor.close();
    }
  });

  it('takes a free port when 5173 (or the one asked for) is taken, and says so', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    const second = startDemo(String(port));
    try {
      const other = await second.url;
      expect(new URL(other).port).not.toBe(String(port));
      expect((await fetch(other)).status).toBe(200);
      expect(second.stderr()).toContain(`Port ${port} is in use`);
    } finally {
      second.demo.kill('SIGTERM');
      taken.close();
    }
  });
});
