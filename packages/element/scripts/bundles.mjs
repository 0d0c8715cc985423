// The bundles whose size is budgeted, built in memory with esbuild from the sources.

import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, transform } from 'esbuild';

const entry = (name) => fileURLToPath(new URL(`../src/${name}.ts`, import.meta.url));

// Issue 27's budgets, min+gzip. The element's is what a page loads up front: the full-screen
// viewer and the proxy's client (with core's poll loop) load on first use, and are measured apart.
// The mask brush is in neither: it is its own module (`/mask-brush`), loaded only where a mask is
// asked for; its budget is its measured size with a little room.
// The CDN file's 27,000 B grew by 50 B for issue 30 (core's proxy client: startTries and a refusal's `left`).
export const BUDGETS = { cdn: 27_050, element: 20_000, 'mask-brush': 6_100 };

/**
 * Lit's css`` literals are plain strings to esbuild; this minifies them with esbuild's CSS
 * minifier (the `.styles.ts` files hold exactly one literal without expressions).
 * @type {import('esbuild').Plugin}
 */
const minifyLitCss = {
  name: 'minify-lit-css',
  setup(b) {
    b.onLoad({ filter: /\.styles\.ts$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      const match = /css`([^`]*)`/.exec(source);
      if (!match?.[1] || match[1].includes('${')) return undefined;
      const { code } = await transform(match[1], { loader: 'css', minify: true });
      return { contents: source.replace(match[1], code.trim()), loader: 'ts' };
    });
  },
};

// The extra operations (and the mask brush they load) are not in the CDN file: it stays within its
// budget, and the proxy serves no module beside it for them; there `operations` offers staging and
// restyling only. Their import stays dynamic and fails, which the element takes as "none".
const NPM_ONLY = './operations.js';

/**
 * The element's own sources as esbuild should see them. Indentation is dropped: esbuild minifies
 * the code around them, but keeps the html`` templates as written, and a run of whitespace renders
 * the same as one newline (no template of the element sets `white-space: pre`). With `upFront`
 * (the one-file CDN build) what the npm build loads on first use (`await import('./x.js')`) is
 * imported up front (but for NPM_ONLY): it then costs its own bytes only, where esbuild's inlined
 * dynamic import wraps every module it reaches in a lazy initialiser.
 * @param {{ upFront: boolean }} options
 * @returns {import('esbuild').Plugin}
 */
const elementSources = ({ upFront }) => ({
  name: 'element-sources',
  setup(b) {
    b.onLoad({ filter: /[/\\]element[/\\]src[/\\].*\.ts$/ }, async ({ path }) => {
      if (path.endsWith('.styles.ts')) return undefined;
      const source = (await readFile(path, 'utf8')).replace(/\n[ \t]+/g, '\n');
      /** @type {string[]} */
      const lazy = [];
      const body = upFront
        ? source.replace(/(?<!typeof )\bimport\('([^']+)'\)/g, (call, spec) => {
            if (spec === NPM_ONLY) return call;
            if (!lazy.includes(spec)) lazy.push(spec);
            return `Promise.resolve(lazy$${lazy.indexOf(spec)})`;
          })
        : source;
      const imports = lazy.map((s, i) => `import * as lazy$${i} from '${s}';`).join('');
      return { contents: body + imports, loader: 'ts' };
    });
  },
});

/**
 * A language module of the CDN build takes `registerLocale` from the bundle beside it
 * (`translations/de.js` → `../room-restyler.js`), so it registers into the page's one copy.
 * @type {import('esbuild').Plugin}
 */
const localizeFromBundle = {
  name: 'localize-from-bundle',
  setup(b) {
    b.onResolve({ filter: /\/i18n\/localize\.js$/ }, () => ({ path: '../room-restyler.js', external: true }));
  },
};

/**
 * One entry bundled with esbuild. With `splitting`, what its dynamic imports load goes into chunks
 * of their own: the figure is what a page loads up front (the entry and the chunks it imports
 * statically), and `lazy` what it loads on first use of a feature.
 * @param {{ entry: string; external: string[]; plugins?: import('esbuild').Plugin[]; splitting?: boolean }} options
 */
async function bundle({ entry: name, external, plugins = [], splitting = false }) {
  const result = await build({
    entryPoints: [entry(name)],
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    write: false,
    metafile: true,
    legalComments: 'none',
    external,
    splitting,
    outdir: fileURLToPath(new URL('../dist/measure/', import.meta.url)),
    plugins: [...plugins, minifyLitCss, elementSources({ upFront: !splitting })],
  });
  const outputs = Object.entries(result.metafile.outputs);
  const codeOf = (/** @type {string} */ path) => result.outputFiles.find((f) => f.path.endsWith(path))?.contents ?? new Uint8Array();
  const [entryPath] = outputs.find(([, o]) => o.entryPoint) ?? [''];
  const upFront = new Set([entryPath]);
  for (const path of upFront) {
    for (const i of result.metafile.outputs[path]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) upFront.add(i.path);
  }
  const gzip = (/** @type {string[]} */ paths) => paths.reduce((sum, p) => sum + gzipSync(codeOf(p), { level: 9 }).length, 0);
  const lazy = outputs.map(([p]) => p).filter((p) => !upFront.has(p));
  const code = codeOf(entryPath);
  const inputs = outputs.flatMap(([, o]) =>
    Object.entries(o.inputs)
      .filter(([, i]) => i.bytesInOutput > 0)
      .map(([n]) => n),
  );
  return { code, bytes: code.length, gzip: gzip([...upFront]), lazy: gzip(lazy), inputs };
}

const LIT = ['lit', 'lit/*', '@lit/*'];

/**
 * The CDN file (lit and English included), the element alone as npm users import it (`/define`:
 * lit external, English built in, other languages opt-in imports), and the mask brush alone
 * (`/mask-brush`, lit external).
 */
export async function measureBundles() {
  const [cdn, element, maskBrush] = await Promise.all([
    bundle({ entry: 'cdn', external: [NPM_ONLY] }),
    bundle({ entry: 'define', external: LIT, splitting: true }),
    bundle({ entry: 'mask-brush', external: LIT }),
  ]);
  return { cdn, element, 'mask-brush': maskBrush };
}

/** Each language but English as its own module of the CDN build (`dist/cdn/translations/<lang>.js`), by language. */
export async function measureTranslations() {
  const langs = (await readdir(new URL('../src/translations/', import.meta.url)))
    .filter((file) => /^[a-z-]+\.ts$/.test(file) && file !== 'en.ts')
    .map((file) => file.slice(0, -3));
  const bundles = await Promise.all(
    langs.map((lang) => bundle({ entry: `translations/${lang}`, external: [], plugins: [localizeFromBundle] })),
  );
  return Object.fromEntries(langs.map((lang, i) => [lang, bundles[i]]));
}
