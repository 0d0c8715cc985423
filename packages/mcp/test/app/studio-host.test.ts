/**
 * The studio app in a real host: Chromium runs a host page with the ext-apps host bridge, the
 * app's HTML comes from the server (resources/read) and renders a real `restyle` result of the
 * simulator, whose images must load under the CSP the resource declares. "Try another style"
 * must reach the server as a second tools/call; so must an edit of a marked part (the mask uploaded, then
 * `edit_objects`). Needs the built app (`pnpm build`) and Chromium.
 * UPDATE_SCREENSHOTS=1 refreshes the committed screenshots in app/screenshots/.
 */
import { once } from 'node:events';
import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolRequest, CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { fixedPollSchedule } from '@room-restyler/core';
import { type RunningSimulator, startSimulator } from '@room-restyler/simulator';
import { CHROMIUM_ARGS, chromiumPath, SAFETY_TIMEOUT_MS } from '@room-restyler/test-kit/system';
import { type Browser, chromium, type Frame, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningHttpServer, startHttpServer } from '../../src/http/http-server.js';
import { createRoomMcpServer } from '../../src/server.js';
import { APP_HOST } from '../support/connect.js';
import { startUploadRoute, type UploadRoute } from '../support/upload-route.js';
import type { StudioRun } from './host-page.js';

const KEY = 'sim_app_key';
type HostTool = NonNullable<McpUiHostContext['toolInfo']>['tool'];
const SHOTS = new URL(process.env.UPDATE_SCREENSHOTS ? '../../app/screenshots/' : '../../test-output/screenshots/', import.meta.url);

/** The host page's script, bundled for the browser like a host would ship its bridge. */
async function hostScript(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: false,
      lib: { entry: new URL('./host-page.ts', import.meta.url).pathname, formats: ['es'], fileName: 'host' },
    },
  });
  const [first] = Array.isArray(output) ? output : [output];
  const chunk = first && 'output' in first ? first.output[0] : undefined;
  if (chunk?.type !== 'chunk') throw new Error('the host page did not build');
  return chunk.code;
}

describe('the studio app in a host', () => {
  let simulator: RunningSimulator;
  /** The upload route for photos dropped into the app. */
  let route: UploadRoute;
  let mcp: RunningHttpServer;
  let client: Client;
  let browser: Browser;
  /** Serves the host page on loopback, like the service (Chromium lets a public page load no loopback image). */
  let hostServer: Server;
  let hostUrl: string;
  /** Every tools/call the app made through the host. */
  const calls: CallToolRequest['params'][] = [];
  const downloads: unknown[] = [];
  /** While set, the host holds the app's tool calls (the user sees the app waiting). */
  let hold: Promise<void> | undefined;

  beforeAll(async () => {
    simulator = await startSimulator({
      port: 0,
      latencyMs: { min: 300, max: 600 },
      accounts: [{ apiKey: KEY, credits: 20 }],
      seed: 19,
      // The uploads are on loopback here, which the simulator (like the service) fetches only when allowed.
      imageFetch: { allowPrivate: true },
    });
    route = await startUploadRoute({ apiKey: KEY, baseUrl: simulator.url });
    const { uploadUrl } = route;
    mcp = await startHttpServer({
      port: 0,
      createServer: () =>
        createRoomMcpServer({ apiKey: KEY, baseUrl: simulator.url, uploadUrl, pollSchedule: fixedPollSchedule(100, 200) }),
    });
    client = new Client({ name: 'test-host', version: '1.0.0' }, { capabilities: APP_HOST });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url)));
    const [launched, script] = await Promise.all([chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS }), hostScript()]);
    browser = launched;
    hostServer = createServer((req, res) => {
      const dark = new URL(req.url ?? '/', 'http://x').searchParams.has('dark');
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<!doctype html><html><head><style>:root{color-scheme:${dark ? 'dark' : 'light'}}body{margin:16px;background:${dark ? '#1f1f1e' : '#faf9f5'}}iframe{width:100%;border:0;display:block}</style></head>` +
          `<body><script type="module">${script}</script></body></html>`,
      );
    }).listen(0, '127.0.0.1');
    await once(hostServer, 'listening');
    hostUrl = `http://127.0.0.1:${(hostServer.address() as AddressInfo).port}/`;
    await mkdir(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    hostServer?.close();
    await client?.close();
    await mcp?.close();
    await route?.close();
    await simulator?.close();
  });

  /** A host page showing the studio for one tool call, and the console errors of the page and the app. */
  async function openHost(run: StudioRun): Promise<{ page: Page; app: Frame; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width: 720, height: 900 }, colorScheme: run.context.theme ?? 'light' });
    page.setDefaultTimeout(SAFETY_TIMEOUT_MS);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.exposeFunction('hostCallTool', async (params: CallToolRequest['params']) => {
      calls.push(params);
      await hold;
      return (await client.callTool(params)) as CallToolResult;
    });
    await page.exposeFunction('hostDownload', async (params: unknown) => void downloads.push(params));
    await page.goto(run.context.theme === 'dark' ? `${hostUrl}?dark` : hostUrl);
    await page.evaluate((json) => window.showStudio(JSON.parse(json)), JSON.stringify(run));
    const app = page.frames().find((frame) => frame !== page.mainFrame());
    if (!app) throw new Error('no app frame');
    return { page, app, errors };
  }

  /** The studio's state as a user sees it: which images show (loaded or not) and which buttons. */
  const studio = (app: Frame) =>
    app.evaluate(() => {
      const root = document.querySelector('room-restyler-studio')?.shadowRoot;
      const compare = root?.querySelector('room-restyler-compare')?.shadowRoot;
      const loaded = (img: HTMLImageElement | null | undefined) => (img?.complete && img.naturalWidth > 0 ? img.src : undefined);
      return {
        before: loaded(compare?.querySelector<HTMLImageElement>('img.before')),
        after: loaded(compare?.querySelector<HTMLImageElement>('img.after')),
        label: compare?.querySelector('.tag.a')?.textContent ?? undefined,
        thumbs: [...(root?.querySelector('room-restyler-cards.gallery')?.shadowRoot?.querySelectorAll('img') ?? [])].map(loaded),
        single: loaded(root?.querySelector<HTMLImageElement>('img.single')),
        badge: root?.querySelector('.disclosure')?.textContent ?? undefined,
        progress: root?.querySelector('[role="progressbar"]')?.getAttribute('aria-label') ?? undefined,
        actions: [...(root?.querySelectorAll<HTMLButtonElement>('.actions button') ?? [])].map((b) => b.textContent?.trim()),
      };
    });
  /** Both sides of the compare have loaded (a blocked or missing image never does). */
  const compareLoaded = (app: Frame) =>
    app.waitForFunction(() => {
      const compare = document.querySelector('room-restyler-studio')?.shadowRoot?.querySelector('room-restyler-compare')?.shadowRoot;
      return [...(compare?.querySelectorAll('img') ?? [])].filter((img) => img.complete && img.naturalWidth > 0).length === 2;
    });

  /** A screenshot once the host has given the app the height it asked for (ui/notifications/size-changed). */
  async function screenshot(page: Page, app: Frame, name: string) {
    // Two frames: Lit's render and the inner parts' renders are done, and any resize is reported.
    await app.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await app.waitForFunction(() => document.documentElement.scrollHeight <= window.innerHeight);
    await page.screenshot({ path: new URL(name, SHOTS).pathname, fullPage: true });
  }
  const click = (app: Frame, action: string) =>
    app.evaluate(
      (name) => document.querySelector('room-restyler-studio')?.shadowRoot?.querySelector<HTMLElement>(`[data-action="${name}"]`)?.click(),
      action,
    );

  /** A host showing the app of `toolName` (as declared and read from the server) for one of its calls. */
  async function openStudio(toolName: string, input: StudioRun['input'], result: CallToolResult, context: McpUiHostContext = {}) {
    const { tool, html, csp } = await appFor(toolName);
    const host = await openHost({ html, csp, input, result, context: { theme: 'light', locale: 'en', ...context, toolInfo: { tool } } });
    return { ...host, csp };
  }

  /** The app as the host gets it: the tool's declared resource, read from the server. */
  async function appFor(toolName: string) {
    const { tools } = await client.listTools();
    const uri = (tools.find((t) => t.name === toolName)?._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri;
    const { contents } = await client.readResource({ uri: uri ?? '' });
    const [content] = contents;
    if (!content || !('text' in content)) throw new Error(`no app for ${toolName}`);
    // The definition as the server listed it (SDK 1 types), as the bridge's host context types it (SDK 2).
    const tool = tools.find((t) => t.name === toolName) as unknown as HostTool;
    return { tool, html: content.text, csp: (content._meta as { ui: { csp: StudioRun['csp'] } }).ui.csp };
  }

  it('shows a real restyle result as a before/after compare, and tries another style through the host', async () => {
    const input = { image_url: `${simulator.url}/__simulator/samples/furnished-room.jpg`, style: 'scandinavian', room_type: 'living_room' };
    const result = (await client.callTool({ name: 'restyle', arguments: input })) as CallToolResult;
    const firstImage = (result.structuredContent as { images: { url: string }[] }).images[0]?.url;
    expect(firstImage).toBeDefined();
    const { page, app, errors, csp } = await openStudio('restyle', input, result, { locale: 'en-US' });
    expect(csp.resourceDomains).toEqual([simulator.url, route.proxy.url]);
    await compareLoaded(app);
    expect(await studio(app)).toMatchObject({
      before: input.image_url,
      after: firstImage,
      label: 'Virtually staged',
      actions: ['Download', 'Try another style', 'Edit part of this photo', 'Change photo'],
    });
    await screenshot(page, app, 'studio-result-light.png');

    // Try another style: the style cards, a new choice, Generate — a second tools/call from inside the app.
    await click(app, 'try-another');
    await app.evaluate(() => {
      const cards = document.querySelector('room-restyler-studio')?.shadowRoot?.querySelector('room-restyler-cards')?.shadowRoot;
      cards?.querySelector<HTMLInputElement>('input[value="industrial"]')?.click();
    });
    await screenshot(page, app, 'studio-choose-light.png');
    await click(app, 'generate');
    await app.waitForFunction(() => {
      const cards = document.querySelector('room-restyler-studio')?.shadowRoot?.querySelector('room-restyler-cards.gallery')?.shadowRoot;
      return [...(cards?.querySelectorAll('img') ?? [])].filter((img) => img.complete && img.naturalWidth > 0).length === 2;
    });
    expect(calls.map((c) => [c.name, c.arguments?.style])).toEqual([['restyle', 'industrial']]);
    expect(calls[0]?.arguments).toMatchObject({ image_url: input.image_url, room_type: 'living_room' });
    const after = await studio(app);
    expect(after.before).toBe(input.image_url);
    expect(after.after).not.toBe(firstImage);
    expect(after.thumbs).toEqual([firstImage, after.after]);
    await screenshot(page, app, 'studio-gallery-light.png');

    // Download: the labelled image, handed to the host.
    await click(app, 'download');
    await expect.poll(() => downloads.length, { timeout: SAFETY_TIMEOUT_MS }).toBe(1);
    expect(JSON.stringify(downloads[0])).toMatch(
      /"uri":"file:\/\/\/living-room-industrial-1\.jpg","mimeType":"image\/jpeg","blob":"\/9j\//,
    );

    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows any operation’s result as a before/after compare: a real clear-sky of the simulator, named by what was done', async () => {
    const input = { operation: 'clearSky', image_url: `${simulator.url}/__simulator/samples/furnished-room.jpg` };
    const result = (await client.callTool({ name: 'edit_photo', arguments: input })) as CallToolResult;
    const image = (result.structuredContent as { images: { url: string }[] }).images[0]?.url;
    expect(image).toBeDefined();
    const { page, app, errors } = await openStudio('edit_photo', input, result);
    await compareLoaded(app);
    expect(await studio(app)).toMatchObject({
      before: input.image_url,
      after: image,
      actions: ['Download', 'Try another style', 'Edit part of this photo', 'Change photo'],
    });
    const seen = downloads.length;
    await click(app, 'download');
    await expect.poll(() => downloads.length, { timeout: SAFETY_TIMEOUT_MS }).toBe(seen + 1);
    expect(JSON.stringify(downloads.at(-1))).toContain('"uri":"file:///living-room-clear-the-sky-1.jpg"');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('edits part of a result: a keyboard rectangle on the mask brush and a prompt, the mask uploaded, then inpaint through the host', async () => {
    const input = { image_url: `${simulator.url}/__simulator/samples/furnished-room.jpg`, style: 'modern' };
    const result = (await client.callTool({ name: 'restyle', arguments: { ...input, previews: false } })) as CallToolResult;
    const edited = (result.structuredContent as { images: { url: string }[] }).images[0]?.url;
    const { page, app, errors } = await openStudio('restyle', input, result);
    await compareLoaded(app);
    calls.length = 0;

    await click(app, 'edit-part');
    await app.waitForFunction(() => {
      const brush = document.querySelector('room-restyler-studio')?.shadowRoot?.querySelector('room-restyler-mask-brush');
      const img = brush?.shadowRoot?.querySelector('img');
      return img?.complete && img.naturalWidth > 0;
    });
    const stage = app.locator('room-restyler-mask-brush [part="stage"]');
    await stage.focus();
    await stage.press('ArrowRight');
    await stage.press('Shift+ArrowDown');
    await stage.press('Enter');
    await app.locator('room-restyler-studio textarea').fill('a green armchair');
    await screenshot(page, app, 'studio-mask-light.png');
    // Enabled once the brush has handed over its mask and a prompt is written.
    await app.locator('room-restyler-studio [data-action="apply-edit"]').click();
    await app.waitForFunction((before) => {
      const compare = document.querySelector('room-restyler-studio')?.shadowRoot?.querySelector('room-restyler-compare')?.shadowRoot;
      const images = [...(compare?.querySelectorAll('img') ?? [])];
      return images.length === 2 && images.every((img) => img.complete && img.naturalWidth > 0) && images[1]?.src !== before;
    }, edited);

    expect(calls.map((c) => c.name)).toEqual(['upload_photo', 'edit_objects']);
    const mask = Buffer.from(String(calls[0]?.arguments?.data), 'base64');
    expect(mask.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const edit = calls[1]?.arguments ?? {};
    expect(edit).toMatchObject({ operation: 'inpaint', image_url: edited, prompt: 'a green armchair' });
    expect(String(edit.mask_url).startsWith(`${route.proxy.url}/api/v1/uploads/`)).toBe(true);
    const shown = await studio(app);
    expect(shown.before).toBe(edited);
    expect(shown.after).not.toBe(edited);
    await screenshot(page, app, 'studio-inpaint-light.png');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('follows the host: dark theme, host colours and the host language', async () => {
    const input = {
      image_url: `${simulator.url}/__simulator/samples/empty-room.jpg`,
      mode: 'staging',
      style: 'japandi',
      room_type: 'bedroom',
    };
    const result = (await client.callTool({ name: 'enhance', arguments: input })) as CallToolResult;
    const context = {
      theme: 'dark' as const,
      locale: 'de-DE',
      styles: { variables: { '--color-background-primary': '#262624', '--color-text-primary': '#f5f4ed' } as never },
    };
    const { page, app, errors } = await openStudio('enhance', input, result, context);
    await compareLoaded(app);
    const look = await app.evaluate(() => {
      const host = document.querySelector('room-restyler-studio');
      const card = host?.shadowRoot?.querySelector('.card');
      return { lang: document.documentElement.lang, background: card ? getComputedStyle(card).backgroundColor : '' };
    });
    expect(look).toEqual({ lang: 'de-DE', background: 'rgb(38, 38, 36)' });
    expect((await studio(app)).actions).toEqual(['Herunterladen', 'Anderer Stil', 'Teil dieses Fotos bearbeiten', 'Anderes Foto']);
    await screenshot(page, app, 'studio-result-dark.png');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('follows a job that was still running with `prediction`, showing progress meanwhile; without a "before" photo, the result alone', async () => {
    const started = (await client.callTool({
      name: 'restyle',
      arguments: { image_url: `${simulator.url}/__simulator/samples/furnished-room.jpg`, style: 'coastal', wait_seconds: 0 },
    })) as CallToolResult;
    const { request_id: id, done } = started.structuredContent as { request_id: string; done: boolean };
    expect(done).toBe(false);
    // The host shows the model's `prediction` call that looked once and found the job running.
    const input = { id, wait_seconds: 0 };
    const result = (await client.callTool({ name: 'prediction', arguments: { ...input, previews: false } })) as CallToolResult;
    calls.length = 0;
    let release = () => {};
    hold = new Promise((resolve) => {
      release = resolve;
    });
    const { page, app, errors } = await openStudio('prediction', input, result);
    await expect.poll(() => calls.map((c) => [c.name, c.arguments?.id])).toEqual([['prediction', id]]);
    expect(await studio(app)).toMatchObject({ progress: 'Generating your room…', actions: [] });
    await screenshot(page, app, 'studio-generating-light.png');

    release();
    hold = undefined;
    await app.waitForFunction(() => {
      const img = document.querySelector('room-restyler-studio')?.shadowRoot?.querySelector<HTMLImageElement>('img.single');
      return img?.complete && img.naturalWidth > 0;
    });
    expect(await studio(app)).toMatchObject({ before: undefined, badge: 'Virtually staged', progress: undefined });
    await screenshot(page, app, 'studio-single-light.png');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a listing as a gallery of before/after pairs: each opens the compare, and every image downloads in one host request', async () => {
    const photos = ['empty-room.jpg', 'furnished-room.jpg', 'empty-room.jpg?second'].map(
      (p) => `${simulator.url}/__simulator/samples/${p}`,
    );
    const input = { image_urls: photos, styles: ['scandinavian', 'japandi'], mode: 'restyle' };
    const result = (await client.callTool({ name: 'stage_listing', arguments: input })) as CallToolResult;
    const items = (result.structuredContent as { items: { photo_url: string; images: { url: string }[] }[] }).items;
    expect(items).toHaveLength(6);
    const { page, app, errors } = await openStudio('stage_listing', input, result);
    const pairs = () =>
      app.evaluate(() =>
        [...(document.querySelector('room-restyler-studio')?.shadowRoot?.querySelectorAll('.pair') ?? [])].map((pair) => ({
          loaded: [...pair.querySelectorAll('img')].map((img) => (img.complete && img.naturalWidth > 0 ? img.src : undefined)),
          label: pair.querySelector('.name')?.textContent,
        })),
      );
    await app.waitForFunction(() => {
      const images = [...(document.querySelector('room-restyler-studio')?.shadowRoot?.querySelectorAll('.pair img') ?? [])];
      return images.length === 12 && images.every((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0);
    });
    const shown = await pairs();
    expect(shown.map((pair) => pair.label)).toEqual([
      'empty-room × Scandinavian',
      'empty-room × Japandi',
      'furnished-room × Scandinavian',
      'furnished-room × Japandi',
      'empty-room-2 × Scandinavian',
      'empty-room-2 × Japandi',
    ]);
    expect(shown.map((pair) => pair.loaded)).toEqual(items.map((item) => [item.photo_url, item.images[0]?.url]));
    expect((await studio(app)).actions).toEqual(['Download all']);
    await screenshot(page, app, 'studio-listing-light.png');

    // Download all: every image in one request to the host, named by photo and style.
    const seen = downloads.length;
    await click(app, 'download-all');
    await expect.poll(() => downloads.length, { timeout: SAFETY_TIMEOUT_MS }).toBe(seen + 1);
    const names = JSON.stringify(downloads.at(-1)).match(/file:\/\/\/[a-z0-9-]+\.jpg/g);
    expect(names).toEqual(shown.map((pair) => `file:///${(pair.label ?? '').toLowerCase().replace(' × ', '-')}-1.jpg`));

    // A pair opens in the before/after compare, its own photo the "before"; "All pairs" goes back.
    await app.evaluate(() =>
      document.querySelector('room-restyler-studio')?.shadowRoot?.querySelector<HTMLElement>('[data-pair="2"]')?.click(),
    );
    await compareLoaded(app);
    expect(await studio(app)).toMatchObject({ before: items[2]?.photo_url, after: items[2]?.images[0]?.url, label: 'Virtually staged' });
    expect((await studio(app)).actions).toContain('All pairs');

    // Another style for that photo: the listing's operation (enhance, its mode), the pair's photo.
    calls.length = 0;
    await click(app, 'try-another');
    await click(app, 'generate');
    await expect.poll(() => calls.length, { timeout: SAFETY_TIMEOUT_MS }).toBe(1);
    expect(calls[0]).toMatchObject({
      name: 'enhance',
      arguments: { image_url: items[2]?.photo_url, mode: 'restyle', style: 'scandinavian' },
    });
    await app.waitForFunction(() => {
      const cards = document.querySelector('room-restyler-studio')?.shadowRoot?.querySelector('room-restyler-cards.gallery')?.shadowRoot;
      return [...(cards?.querySelectorAll('img') ?? [])].filter((img) => img.complete && img.naturalWidth > 0).length === 7;
    });
    await click(app, 'all-pairs');
    await app.locator('room-restyler-studio .pairs').waitFor();
    expect((await pairs()).map((pair) => pair.label)).toEqual(shown.map((pair) => pair.label));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('stages a photo dropped into the app: uploaded with upload_photo, then enhance through the host', async () => {
    const input = { image_url: `${simulator.url}/__simulator/samples/furnished-room.jpg`, style: 'modern' };
    const result = (await client.callTool({ name: 'restyle', arguments: { ...input, previews: false } })) as CallToolResult;
    const { page, app, errors } = await openStudio('restyle', input, result);
    await compareLoaded(app);
    calls.length = 0;

    await click(app, 'change-photo');
    const photo = Buffer.from(await (await fetch(`${simulator.url}/__simulator/samples/empty-room.jpg`)).arrayBuffer());
    await app
      .locator('room-restyler-drop-zone input#file')
      .setInputFiles({ name: 'empty room.jpg', mimeType: 'image/jpeg', buffer: photo });
    await app.locator('room-restyler-studio select').first().waitFor();
    const uploaded = (calls[0]?.arguments ?? {}) as { data?: string };
    expect(calls.map((c) => c.name)).toEqual(['upload_photo']);
    expect(Buffer.from(uploaded.data ?? '', 'base64').subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    await app.locator('room-restyler-studio select').first().selectOption('staging');
    await click(app, 'generate');
    await compareLoaded(app);
    const [, stage] = calls;
    expect(stage?.name).toBe('enhance');
    expect(stage?.arguments).toMatchObject({ mode: 'staging', style: 'modern', room_type: 'living_room' });
    expect(String(stage?.arguments?.image_url).startsWith(`${route.proxy.url}/api/v1/uploads/`)).toBe(true);
    // The upload route lets no other site embed the photo: the app shows the bytes it sent.
    expect((await studio(app)).before).toBe(`data:image/jpeg;base64,${uploaded.data}`);
    await screenshot(page, app, 'studio-dropped-light.png');
    expect(errors).toEqual([]);
    await page.close();
  });
});
