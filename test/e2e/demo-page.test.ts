import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, chromiumPath } from '@room-restyler/test-kit/system';
import { type Browser, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const DEMO_DIR = fileURLToPath(new URL('../../demo/', import.meta.url));
const PHOTO = fileURLToPath(new URL('../../demo/public/photos/living-room.jpg', import.meta.url));
/** The key the demo server gives its proxy (the simulator's default key). */
const DEMO_KEY = 'sim_test_key';

describe('a visitor stages a room on the demo listing page', () => {
  let demo: ChildProcess;
  let browser: Browser;
  let page: Page;
  let url: string;
  const seenBodies: string[] = [];

  beforeAll(async () => {
    demo = spawn(process.execPath, ['server.mjs'], {
      cwd: DEMO_DIR,
      env: { ...process.env, PORT: '0', ROOM_SIM_LATENCY: '800-1500' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    url = await new Promise<string>((resolve, reject) => {
      demo.stdout!.on('data', (chunk: Buffer) => {
        const match = /listening on (\S+)/.exec(chunk.toString());
        if (match) resolve(match[1]!);
      });
      demo.once('exit', (code) => reject(new Error(`demo server exited with ${code}`)));
    });
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
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

  it('drops a photo, picks a style, generates, compares and downloads', async () => {
    await page.goto(url);
    const widget = page.locator('room-restyler');
    await widget.scrollIntoViewIfNeeded();

    const photo = await readFile(PHOTO);
    await page.evaluate(
      async (bytes) => {
        const file = new File([new Uint8Array(bytes)], 'living-room.jpg', { type: 'image/jpeg' });
        const zone = document
          .querySelector('room-restyler')!
          .shadowRoot!.querySelector('room-restyler-drop-zone')!
          .shadowRoot!.querySelector('.zone')!;
        const dataTransfer = new DataTransfer();
        dataTransfer.items.add(file);
        for (const type of ['dragenter', 'dragover', 'drop'])
          zone.dispatchEvent(new DragEvent(type, { dataTransfer, bubbles: true, composed: true }));
      },
      [...photo],
    );

    await widget.locator('[part~="style"]').selectOption('japandi');
    await widget.locator('[part~="generate"]').click();
    await widget.locator('[part~="progress"]').waitFor();
    await widget.locator('[part~="compare"]').waitFor({ timeout: 60_000 });

    // Both images of the comparison load.
    await page.waitForFunction(() => {
      const compare = document.querySelector('room-restyler')!.shadowRoot!.querySelector('room-restyler-compare')!;
      const images = [...compare.shadowRoot!.querySelectorAll('img')];
      return images.length >= 2 && images.every((img) => img.complete && img.naturalWidth > 0);
    });

    // The slider answers the keyboard.
    const slider = widget.locator('room-restyler-compare input[type="range"]');
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
});
