// Drives the demo listing page as a visitor would, with the machine's Chromium, and saves screenshots
// (screenshots/demo-*.png): drop a sample photo, pick a style, generate, then move the compare
// slider by mouse, touch and keyboard. `node scripts/screenshots.mjs` (needs the packages built).
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, chromiumPath } from '@room-restyler/test-kit/system';
import { chromium } from 'playwright-core';
import sharp from 'sharp';

/** Saves a screenshot of a page or locator as a palette PNG, like the gallery's. */
const save = async (target, name, options = {}) =>
  sharp(await target.screenshot(options))
    .png({ palette: true, quality: 90, effort: 8, compressionLevel: 9 })
    .toFile(fileURLToPath(new URL(`../screenshots/${name}.png`, import.meta.url)));
const demo = spawn(process.execPath, ['server.mjs'], {
  cwd: fileURLToPath(new URL('../../../demo/', import.meta.url)),
  env: { ...process.env, PORT: '0', ROOM_SIM_LATENCY: '2500-3500' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((resolve, reject) => {
  demo.stdout.on('data', (d) => {
    const m = /listening on (\S+)/.exec(String(d));
    if (m) resolve(m[1]);
  });
  demo.once('exit', (code) => reject(new Error(`demo exited with ${code}`)));
});
console.error(`demo at ${url}`);

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const check = (ok, what) => {
  if (!ok) throw new Error(`FAILED: ${what}`);
  console.error(`ok: ${what}`);
};
const rangeValue = (page) =>
  page.evaluate(
    () => document.querySelector('room-restyler').shadowRoot.querySelector('room-restyler-compare').shadowRoot.querySelector('input').value,
  );

try {
  // Desktop, mouse and keyboard.
  const desktop = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await desktop.goto(url);
  await save(desktop, 'demo-listing-desktop', { fullPage: true });
  const photo = await readFile(new URL('../samples/living-room.jpg', import.meta.url));
  // A real drag and drop of a file: DataTransfer built in the page, dispatched on the drop zone.
  await desktop.evaluate(
    async (bytes) => {
      const file = new File([new Uint8Array(bytes)], 'living-room.jpg', { type: 'image/jpeg' });
      const zone = document
        .querySelector('room-restyler')
        .shadowRoot.querySelector('room-restyler-drop-zone')
        .shadowRoot.querySelector('.zone');
      const dataTransfer = new DataTransfer();
      dataTransfer.items.add(file);
      for (const type of ['dragenter', 'dragover', 'drop'])
        zone.dispatchEvent(new DragEvent(type, { dataTransfer, bubbles: true, composed: true }));
    },
    [...photo],
  );
  const widget = desktop.locator('room-restyler');
  await widget.locator('[part~="card"]', { hasText: 'Japandi' }).click();
  await widget.scrollIntoViewIfNeeded();
  await save(widget, 'demo-ready-desktop');
  await widget.locator('[part~="generate"]').click();
  await widget.locator('[part~="progress"]').waitFor();
  await save(widget, 'demo-generating-desktop');
  await widget.locator('[part~="compare"]').waitFor({ timeout: 30_000 });
  await desktop.waitForFunction(() =>
    [...document.querySelector('room-restyler').shadowRoot.querySelector('room-restyler-compare').shadowRoot.querySelectorAll('img')].every(
      (i) => i.complete && i.naturalWidth > 0,
    ),
  );
  const box = await widget.locator('[part~="compare"] .frame').boundingBox();
  await desktop.mouse.click(box.x + box.width * 0.25, box.y + box.height / 2);
  check(Math.abs(Number(await rangeValue(desktop)) - 25) <= 2, `mouse click moves the slider to ~25 (got ${await rangeValue(desktop)})`);
  await desktop.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2);
  await desktop.mouse.down();
  await desktop.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2, { steps: 8 });
  await desktop.mouse.up();
  check(Math.abs(Number(await rangeValue(desktop)) - 70) <= 2, `mouse drag moves it to ~70 (got ${await rangeValue(desktop)})`);
  await widget.locator('[part~="compare"] input').first().focus();
  await desktop.keyboard.press('Home');
  check((await rangeValue(desktop)) === '0', 'Home moves it to 0');
  await desktop.keyboard.press('ArrowRight');
  check((await rangeValue(desktop)) === '1', 'ArrowRight moves it by 1');
  await desktop.keyboard.press('End');
  check((await rangeValue(desktop)) === '100', 'End moves it to 100');
  for (let i = 0; i < 5; i++) await desktop.keyboard.press('PageDown');
  await save(widget, 'demo-result-desktop');

  // Phone, touch.
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const phone = await context.newPage();
  await phone.goto(url);
  await save(phone, 'demo-listing-phone', { fullPage: false });
  await phone.locator('#use-photo').tap();
  const pw = phone.locator('room-restyler');
  await pw.locator('[part~="generate"]').waitFor();
  await save(pw, 'demo-ready-phone');
  await pw.locator('[part~="generate"]').tap();
  await pw.locator('[part~="compare"]').waitFor({ timeout: 30_000 });
  await phone.waitForFunction(() =>
    [...document.querySelector('room-restyler').shadowRoot.querySelector('room-restyler-compare').shadowRoot.querySelectorAll('img')].every(
      (i) => i.complete && i.naturalWidth > 0,
    ),
  );
  const pbox = await pw.locator('[part~="compare"] .frame').boundingBox();
  await phone.touchscreen.tap(pbox.x + pbox.width * 0.8, pbox.y + pbox.height / 2);
  check(Math.abs(Number(await rangeValue(phone)) - 80) <= 3, `a tap moves the slider to ~80 (got ${await rangeValue(phone)})`);
  // A horizontal touch drag, through CDP touch events.
  const cdp = await context.newCDPSession(phone);
  const y = pbox.y + pbox.height / 2;
  const touch = (type, x) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await touch('touchStart', pbox.x + pbox.width * 0.8);
  for (let i = 1; i <= 8; i++) await touch('touchMove', pbox.x + pbox.width * (0.8 - (0.5 * i) / 8));
  await touch('touchEnd');
  check(Math.abs(Number(await rangeValue(phone)) - 30) <= 4, `a touch drag moves it to ~30 (got ${await rangeValue(phone)})`);
  await save(pw, 'demo-result-phone');
  check(
    await pw.evaluate(
      (el) =>
        getComputedStyle(el.shadowRoot.querySelector('room-restyler-compare').shadowRoot.querySelector('.frame')).touchAction === 'pan-y',
    ),
    'touch-action: pan-y keeps vertical scrolling',
  );
} finally {
  await browser.close();
  demo.kill('SIGTERM');
}
