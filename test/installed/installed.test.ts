/**
 * What a user installs works as the READMEs say: every public package packed and installed with
 * plain npm into a fresh project outside the workspace (project.ts), then used there as a site, an
 * app or an assistant would — the bins, require and import, the MCP server over stdio, bundlers,
 * TypeScript against the proxy's adapters, and the widget served by the proxy to a browser.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CHROMIUM_ARGS, chromiumPath, freePort, SAFETY_TIMEOUT_MS } from '@room-restyler/test-kit/system';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InstalledProject, installProject } from './project.js';
import { type RunningBin, startBin } from './servers.js';
import { snippetFiles } from './snippets.js';
import { stageARoom } from './visitor.js';

const log = (line: string) => process.stderr.write(`[installed] ${line}\n`);
/** The simulator's default key (room-restyler-sim without --api-key). */
const SIM_KEY = 'sim_test_key';

let project: InstalledProject;
let sim: RunningBin | undefined;
let proxy: RunningBin | undefined;

beforeAll(async () => {
  project = await installProject(log);
  log('installed; starting room-restyler-sim and room-restyler-proxy --simulate');
  [sim, proxy] = await Promise.all([
    startBin(project, 'npx', ['-y', '-p', '@room-restyler/simulator', 'room-restyler-sim', '--port', '0']),
    startBin(project, 'npx', ['-p', '@room-restyler/proxy', 'room-restyler-proxy', '--simulate', '--port', '0'], {
      ROOM_SIM_LATENCY: '500-1000',
    }),
  ]);
});

afterAll(async () => {
  await Promise.all([sim?.stop(), proxy?.stop()]);
  await project?.remove();
});

describe('the bins', () => {
  it.each([
    ['@room-restyler/simulator', 'room-restyler-sim'],
    ['@room-restyler/proxy', 'room-restyler-proxy'],
    ['@room-restyler/mcp', 'room-restyler-mcp'],
  ])('%s: %s --version prints the release', async (name, bin) => {
    const { stdout } = await project.exec('npx', ['-p', name, bin, '--version']);
    expect(stdout.trim()).toBe(project.versions[name]);
  });

  it('room-restyler-sim answers as the service does', async () => {
    const me = await fetch(`${sim?.url}/api/v1/me`, { headers: { authorization: `Bearer ${SIM_KEY}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ credits_remaining: expect.any(Number) });
  });

  it('room-restyler-proxy in front of the service (here the simulator, with its key) is ready', async () => {
    // The MCP README's upload proxy, as written there.
    const real = await startBin(project, 'npx', ['-y', '-p', '@room-restyler/proxy', '-p', 'sharp', 'room-restyler-proxy', '--port', '0'], {
      ROOM_API_KEY: SIM_KEY,
      ROOM_API_BASE_URL: sim?.url,
    });
    try {
      const ready = await fetch(`${real.url}/readyz`);
      expect(await ready.json()).toMatchObject({ ok: true, checks: { store: 'ok', upstream: 'ok' } });
    } finally {
      await real.stop();
    }
  });

  it('room-restyler-proxy --simulate is ready and names its release', async () => {
    const ready = await fetch(`${proxy?.url}/readyz`);
    expect(await ready.json()).toEqual({
      ok: true,
      version: project.versions['@room-restyler/proxy'],
      checks: { store: 'ok', upstream: 'ok' },
    });
  });
});

describe('room-restyler-proxy --check, run first as the READMEs say', () => {
  const check = (env: NodeJS.ProcessEnv) => project.exec('npx', ['-p', '@room-restyler/proxy', 'room-restyler-proxy', '--check'], { env });

  it('passes with the base URL as the service’s API reference gives it (…/api/v1); a key the service refuses fails naming ROOM_API_KEY', async () => {
    const { stdout } = await check({ ROOM_API_KEY: SIM_KEY, ROOM_API_BASE_URL: `${sim?.url}/api/v1` });
    expect(stdout).toMatch(/^✓ base URL +\S+ answers$/m);
    expect(stdout).toMatch(/^✓ key +accepted: plan \S+, \d+ credits left$/m);
    await expect(check({ ROOM_API_KEY: 'bs_live_not_this_account', ROOM_API_BASE_URL: sim?.url })).rejects.toThrow(
      /^✗ key +refused — the service refused ROOM_API_KEY/m,
    );
  });
});

describe('core', () => {
  it.each([
    ['require', 'app/core-require.cjs'],
    ['import', 'app/core-import.mjs'],
  ])('loads with %s', async (_, file) => {
    const { stdout } = await project.exec('node', [file]);
    expect(JSON.parse(stdout)).toEqual({ client: 'function', styles: 13, schema: 'function' });
  });
});

describe('the MCP server, started as the client configs say (npx -y @room-restyler/mcp)', () => {
  it('answers initialize with its release, tools/list and a me call over stdio', async () => {
    const transport = new StdioClientTransport({
      command: 'npx',
      args: ['-y', '@room-restyler/mcp'],
      cwd: project.dir,
      env: {
        ...getDefaultEnvironment(),
        npm_config_cache: project.env.npm_config_cache ?? '',
        ROOM_API_KEY: SIM_KEY,
        ROOM_API_BASE_URL: sim?.url ?? '',
      },
      stderr: 'ignore',
    });
    const client = new Client({ name: 'installed-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'room-restyler', version: project.versions['@room-restyler/mcp'] });
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([
        'create_room',
        'edit_objects',
        'edit_photo',
        'enhance',
        'me',
        'prediction',
        'recent_jobs',
        'restyle',
        'save_images',
        'stage_listing',
      ]);
      const me = await client.callTool({ name: 'me', arguments: {} });
      expect(me.isError).toBeFalsy();
      expect(me.structuredContent).toMatchObject({ credits_remaining: expect.any(Number) });
    } finally {
      await client.close();
    }
  });
});

describe('the element in a site’s build', () => {
  it('builds into a Vite app', async () => {
    await project.exec('npx', ['vite', 'build', 'vite-app', '--logLevel', 'warn']);
    const assets = join(project.dir, 'vite-app/dist/assets');
    const scripts = (await readdir(assets)).filter((file) => file.endsWith('.js'));
    const entry = scripts.find((file) => file.startsWith('index-'));
    const others = scripts.filter((file) => file !== entry);
    expect(await readFile(join(assets, entry as string), 'utf8')).toContain('room-restyler');
    // What the widget needs only once a visitor acts comes in chunks of its own: the proxy's client, the full-screen
    // viewer, what a site's `operations` enable (the operations' fields, the mask brush), the comparison of several
    // styles (`try-styles`), core's operation table those two share (credits, labels), and the console's note for a
    // site whose set-up is wrong.
    expect(others.map((file) => file.replace(/-[\w-]{8}\.js$/, '')).sort()).toEqual([
      'mask-brush',
      'operations',
      'proxy-client',
      'room-operations',
      'setup-problem',
      'style-grid',
      'viewer',
      'zoom',
    ]);
  });

  it('bundles with esbuild', async () => {
    await project.exec('npx', [
      'esbuild',
      'app/esbuild-entry.js',
      '--bundle',
      '--format=esm',
      '--outfile=out/app.js',
      '--log-level=warning',
    ]);
    expect(await readFile(join(project.dir, 'out/app.js'), 'utf8')).toContain('customElements');
  });

  it('describes in custom-elements.json only files the package ships', async () => {
    const dir = join(project.dir, 'node_modules/@room-restyler/element');
    const manifest = JSON.parse(await readFile(join(dir, 'custom-elements.json'), 'utf8')) as { modules: Array<{ path: string }> };
    expect(manifest.modules.length).toBeGreaterThan(0);
    for (const module of manifest.modules) expect(existsSync(join(dir, module.path)), module.path).toBe(true);
  });
});

describe('the proxy in a site’s server code', () => {
  it('type-checks Next.js and fetch-standard route handlers, a Hono app and a Node server using its exports', async () => {
    await project.exec('npx', ['tsc', '-p', 'tsconfig.json']);
  });
});

describe('the widget without a CDN or a build step', () => {
  it('loads from the proxy with one script tag on a plain HTML page, and renders; in German with the language’s module', async () => {
    const version = project.versions['@room-restyler/element'];
    const bundle = await fetch(`${proxy?.url}/room-restyler.js?v=${version}`);
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await bundle.arrayBuffer();

    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      page.setDefaultTimeout(SAFETY_TIMEOUT_MS);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      /** The site's own page `name`, on the origin the proxy is mounted on (here the proxy's root), loading `script`. */
      const visit = async (name: string, lang: string, script: string) => {
        await page.route(`${proxy?.url}/${name}.html`, (route) =>
          route.fulfill({
            contentType: 'text/html',
            body: `<!doctype html><html lang="${lang}"><head><title>${name}</title>
<script type="module" src="${script}"></script></head>
<body><room-restyler endpoint="/"></room-restyler></body></html>`,
          }),
        );
        await page.goto(`${proxy?.url}/${name}.html`);
      };
      await visit('listing', 'en', `/room-restyler.js?v=${version}`);
      await page.waitForFunction(() => document.querySelector('room-restyler')?.shadowRoot?.querySelector('[part~="dropzone"]'));
      expect(await page.evaluate(() => customElements.get('room-restyler') !== undefined)).toBe(true);

      // A German page loads the language's module instead, as the element's README shows; it brings the bundle.
      await visit('angebot', 'de', `/room-restyler/translations/de.js?v=${version}`);
      const title = page.locator('room-restyler .title').first();
      await title.waitFor();
      expect(await title.textContent()).toBe('Diesen Raum einrichten');
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe('the READMEs’ snippets, pasted into a fresh site and run against a standalone simulator', () => {
  let devSim: RunningBin | undefined;
  beforeAll(async () => {
    // As a developer starts it next to the site: no flag but shorter jobs.
    devSim = await startBin(project, 'npx', [
      '-p',
      '@room-restyler/simulator',
      'room-restyler-sim',
      '--port',
      '0',
      '--latency',
      '500-1500',
    ]);
  });
  afterAll(() => devSim?.stop());

  /** A fresh folder of the project holding the README snippets `paths`, as pasted. */
  async function siteOf(name: string, paths: string[]): Promise<string> {
    const site = join(project.dir, name);
    for (const [path, code] of Object.entries(snippetFiles(paths))) {
      await mkdir(dirname(join(site, path)), { recursive: true });
      await writeFile(join(site, path), code);
    }
    return site;
  }

  it.each([
    ['Express (app.mjs)', 'app.mjs'],
    ['a Node http server (server.mjs)', 'server.mjs'],
    ['Hono on Node (hono.mjs)', 'hono.mjs'],
  ])('%s: a visitor chooses a photo, generates and sees the result', async (_, entry) => {
    const site = await siteOf(`site-${entry.replace('.', '-')}`, [entry, 'public/index.html']);
    const env = { ROOM_API_KEY: SIM_KEY, ROOM_API_BASE_URL: devSim?.url, PORT: String(await freePort()) };
    const app = await startBin(project, 'node', [entry], env, { cwd: site });
    try {
      const { errors } = await stageARoom(app.url);
      expect(errors).toEqual([]);
    } finally {
      await app.stop();
    }
  });

  it('Express in TypeScript (app.mjs saved as app.ts, type-checked strict, run with tsx): a visitor chooses a photo, generates and sees the result', async () => {
    const site = await siteOf('site-express-ts', ['app.mjs', 'public/index.html']);
    await rename(join(site, 'app.mjs'), join(site, 'app.ts'));
    // A strict project's check, as `tsc --init` would set it up for Node ESM.
    await project.exec('npx', ['tsc', '--noEmit', '--strict', '--module', 'nodenext', '--target', 'es2022', '--types', 'node', 'app.ts'], {
      cwd: site,
    });
    const env = { ROOM_API_KEY: SIM_KEY, ROOM_API_BASE_URL: devSim?.url, PORT: String(await freePort()) };
    const app = await startBin(project, 'npx', ['tsx', 'app.ts'], env, { cwd: site });
    try {
      const { errors } = await stageARoom(app.url);
      expect(errors).toEqual([]);
    } finally {
      await app.stop();
    }
  });

  it('a page on another origin (cms-page.html) with the bin allowing that origin: a visitor chooses a photo, generates and sees the result', async () => {
    const { 'cms-page.html': markup } = snippetFiles(['cms-page.html']);
    const pages = await serveHtml(() => page);
    const bin = await startBin(project, 'npx', ['-p', '@room-restyler/proxy', 'room-restyler-proxy', '--port', '0'], {
      ROOM_API_KEY: SIM_KEY,
      ROOM_API_BASE_URL: devSim?.url,
      ROOM_PROXY_ALLOWED_ORIGINS: pages.origin,
    });
    // The README's placeholder origin of the proxy, here where the bin listens.
    const page = (markup as string).replaceAll('https://room-api.listing.example', bin.url.replace(/\/$/, ''));
    try {
      expect(new URL(bin.url).origin).not.toBe(pages.origin);
      const { errors } = await stageARoom(`${pages.origin}/`);
      expect(errors).toEqual([]);
    } finally {
      await Promise.all([bin.stop(), pages.close()]);
    }
  });

  it('Next.js App Router (a real next build, then next start): a visitor chooses a photo, generates and sees the result', async () => {
    const site = await siteOf('site-next', ['app/api/room/[...path]/route.ts', 'next.config.mjs', 'app/page.js', 'app/layout.js']);
    await writeFile(join(site, 'package.json'), JSON.stringify({ name: 'a-next-site', private: true, type: 'module' }));
    const port = String(await freePort());
    // As the README says: the service's variables at build time too, the site's origin for uploads.
    const env = {
      ROOM_API_KEY: SIM_KEY,
      ROOM_API_BASE_URL: devSim?.url,
      ROOM_PROXY_PUBLIC_URL: `http://localhost:${port}`,
      NEXT_TELEMETRY_DISABLED: '1',
    };
    await project.exec('npx', ['next', 'build'], { cwd: site, env });
    const app = await startBin(project, 'npx', ['next', 'start', '-p', port], env, { cwd: site, ready: /Local:\s+(http:\/\/\S+)/ });
    try {
      const { errors } = await stageARoom(app.url);
      expect(errors).toEqual([]);
    } finally {
      await app.stop();
    }
  });
});

/** A static page on 127.0.0.1 (a site apart from the proxy's origin, on its own port). */
async function serveHtml(html: () => string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
