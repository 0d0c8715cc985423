// Server commands the browser tests call through `executeServerCommand` (src/test/helpers.ts):
//   screenshot { name, selector?, width? }  saves a PNG of the element (the viewport for selector '') at
//                                           that viewport width; palette-quantized (slow) only for the
//                                           committed gallery, where it keeps the files small
//   media { features }                      emulates CSS media features (forced-colors,
//                                           prefers-color-scheme, prefers-reduced-motion); [] resets
//   swipe { x, y, yDistance }               a real touch swipe from x, y (CSS px in the viewport), yDistance
//                                           down (negative: up); it scrolls where touch-action lets it
//   tap { x, y }                            a real touch tap at x, y (CSS px in the viewport)
//   viewport { width, height }              a phone's viewport (touch input needs no emulation), until a screenshot sets another
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export function pageCommands(dir, { palette = false } = {}) {
  // Emulation lasts as long as the DevTools session that set it: one session per page, kept open.
  const sessions = new WeakMap();
  return {
    name: 'page-commands',
    async executeCommand({ command, payload, session }) {
      const page = session.browser.getPage(session.id);
      if (command === 'media') {
        if (!sessions.has(page)) sessions.set(page, await page.createCDPSession());
        await sessions.get(page).send('Emulation.setEmulatedMedia', { features: payload.features });
        return true;
      }
      if (command === 'swipe') {
        // Touch events through the browser's input pipeline: the compositor scrolls where touch-action lets it.
        const { x, y, yDistance } = payload;
        await page.touchscreen.touchStart(x, y);
        for (let i = 1; i <= 10; i++) await page.touchscreen.touchMove(x, y + (yDistance * i) / 10);
        await page.touchscreen.touchEnd();
        return true;
      }
      if (command === 'tap') {
        await page.touchscreen.tap(payload.x, payload.y);
        return true;
      }
      if (command === 'viewport') {
        // Not `hasTouch`/`isMobile`: changing them reloads the page (the test with it); touch input works without.
        await page.setViewport({ width: payload.width, height: payload.height, deviceScaleFactor: 1 });
        return true;
      }
      if (command !== 'screenshot') return undefined;
      const { name, selector = 'room-restyler', width = 800 } = payload;
      await page.setViewport({ width, height: 900, deviceScaleFactor: 1 });
      // Let layout and images settle after a viewport change.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await mkdir(dir, { recursive: true });
      const element = selector ? await page.$(selector) : null;
      const png = element ? await element.screenshot() : await page.screenshot();
      const saved = palette ? await sharp(png).png({ palette: true, quality: 90, effort: 8, compressionLevel: 9 }).toBuffer() : png;
      await writeFile(fileURLToPath(new URL(`${name}.png`, dir)), saved);
      return true;
    },
  };
}
