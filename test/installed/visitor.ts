/** A visitor in Chromium on a site's page: chooses a photo with the widget's file input, generates, and sees the result. */
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, chromiumPath, SAFETY_TIMEOUT_MS } from '@room-restyler/test-kit/system';
import { chromium } from 'playwright-core';

const PHOTO = fileURLToPath(new URL('../../demo/public/photos/living-room.jpg', import.meta.url));

/** Resolves with what the page logged as errors; rejects when a step does not happen (the widget's error text included). */
export async function stageARoom(pageUrl: string): Promise<{ errors: string[] }> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Safety nets only: every step waits for what the visitor would see, however slow the machine.
    page.setDefaultTimeout(SAFETY_TIMEOUT_MS);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(pageUrl);
    // Said plainly when the widget's script never defined the element (a 404, a CORS refusal).
    await page
      .waitForFunction(() => customElements.get('room-restyler') !== undefined)
      .catch(() => {
        throw new Error(
          `<room-restyler> was never defined on ${pageUrl}; refused: ${refused.join(', ') || 'none'}; errors: ${errors.join('; ')}`,
        );
      });
    const widget = page.locator('room-restyler');
    await widget.locator('input[type="file"]').first().setInputFiles(PHOTO);
    await widget.locator('[part~="card"]', { hasText: 'Japandi' }).click();
    await widget.locator('[part~="generate"]').click();
    const shown = widget.locator('[part~="compare"]').waitFor();
    const failed = widget
      .locator('[part~="error"]')
      .waitFor()
      .then(async () => {
        throw new Error(`The widget shows an error: ${await widget.locator('[part~="error"]').textContent()}`);
      });
    await Promise.race([shown, failed]);
    // The result is shown when the comparison's images have loaded.
    await page.waitForFunction(() => {
      const compare = document.querySelector('room-restyler')?.shadowRoot?.querySelector('room-restyler-compare');
      const images = [...(compare?.shadowRoot?.querySelectorAll('img') ?? [])];
      return images.length >= 2 && images.every((img) => img.complete && img.naturalWidth > 0);
    });
    return { errors };
  } finally {
    await browser.close();
  }
}
