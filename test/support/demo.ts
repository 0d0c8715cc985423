/** The demo as `pnpm start` runs it (listing page + widget + proxy + simulator), and a visitor's photo drop. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, chromiumPath, SAFETY_TIMEOUT_MS } from '@room-restyler/test-kit/system';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

const DEMO_DIR = fileURLToPath(new URL('../../demo/', import.meta.url));
const PHOTO = fileURLToPath(new URL('../../demo/public/photos/living-room.jpg', import.meta.url));

/** Starts `node server.mjs` as `pnpm start` does; resolves with the URL it prints and what it said on stderr. */
export function startDemo(
  port: string,
  env: Record<string, string> = {},
): { demo: ChildProcess; url: Promise<string>; stderr: () => string } {
  const demo = spawn(process.execPath, ['server.mjs'], {
    cwd: DEMO_DIR,
    env: { ...process.env, PORT: port, ROOM_SIM_LATENCY: '800-1500', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  demo.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
  const url = new Promise<string>((resolve, reject) => {
    demo.stdout!.on('data', (chunk: Buffer) => {
      const match = /listening on (\S+)/.exec(chunk.toString());
      if (match) resolve(match[1]!);
    });
    demo.once('exit', (code) => reject(new Error(`demo server exited with ${code}: ${stderr}`)));
  });
  return { demo, url, stderr: () => stderr };
}

/** Drops a JPEG (the demo's living-room photo unless given) on the widget's drop zone, as a visitor dragging it there. */
export async function dropPhoto(page: Page, photo?: Buffer, name = 'living-room.jpg'): Promise<void> {
  const jpeg = photo ?? (await readFile(PHOTO));
  await page.evaluate(
    async ([bytes, fileName]) => {
      const file = new File([new Uint8Array(bytes)], fileName, { type: 'image/jpeg' });
      const zone = document
        .querySelector('room-restyler')!
        .shadowRoot!.querySelector('room-restyler-drop-zone')!
        .shadowRoot!.querySelector('.zone')!;
      const dataTransfer = new DataTransfer();
      dataTransfer.items.add(file);
      for (const type of ['dragenter', 'dragover', 'drop'])
        zone.dispatchEvent(new DragEvent(type, { dataTransfer, bubbles: true, composed: true }));
    },
    [[...jpeg], name] as const,
  );
}

/** The desktop and the small phone the widget is visited with (on the phone its top is out of view while a style is picked). */
export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 375, height: 667 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} as const;

/**
 * Starts the demo with a fast simulator and a Chromium before the suite's tests, and stops them after;
 * `visit` opens the demo in a new context with the widget scrolled into view, and a DevTools session
 * for real input (the caller closes the context).
 */
export function demoInChromium() {
  let demo: ChildProcess | undefined;
  let browser: Browser | undefined;
  let url = '';
  beforeAll(async () => {
    const started = startDemo('0', { ROOM_SIM_LATENCY: '50-100' });
    demo = started.demo;
    url = await started.url;
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    demo?.kill('SIGTERM');
  });
  return {
    /** The running demo's address and the browser, for suites that keep their own pages. */
    url: () => url,
    browser: () => browser!,
    async visit(options: BrowserContextOptions) {
      const context = await browser!.newContext(options);
      const page = await context.newPage();
      page.setDefaultTimeout(SAFETY_TIMEOUT_MS);
      const cdp = await context.newCDPSession(page);
      await page.goto(url);
      const widget = page.locator('room-restyler');
      await widget.scrollIntoViewIfNeeded();
      return { context, page, cdp, widget };
    },
  };
}
