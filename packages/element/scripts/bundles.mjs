// The two bundles whose size is budgeted, built in memory with esbuild from the sources.

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, transform } from 'esbuild';

const entry = (name) => fileURLToPath(new URL(`../src/${name}.ts`, import.meta.url));

// Raised by 0.2 and 0.3 kB when the kit's one follow loop (core's follow.ts, shared with the key proxy's
// job hub) replaced the wait the widget used to carry (issue 26): the same rules everywhere cost that much.
// Raised by 0.15 kB each for the style cards' previews (issue 27 point 4: a lazy picture over the
// drawn swatch, and the site's own per style), until the trims of that issue pay it back.
export const BUDGETS = { cdn: 27_305, element: 20_445 };

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

/** @param {{ entry: string; external: string[] }} options */
async function bundle({ entry: name, external }) {
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
    plugins: [minifyLitCss],
  });
  const code = result.outputFiles[0].contents;
  const [output] = Object.values(result.metafile.outputs);
  const inputs = Object.entries(output?.inputs ?? {})
    .filter(([, i]) => i.bytesInOutput > 0)
    .map(([name]) => name);
  return { code, bytes: code.length, gzip: gzipSync(code, { level: 9 }).length, inputs };
}

/**
 * The CDN file (lit and translations included) and the element alone as npm users import it
 * (`/define`: lit external, English built in, other languages opt-in imports).
 */
export async function measureBundles() {
  const [cdn, element] = await Promise.all([
    bundle({ entry: 'cdn', external: [] }),
    bundle({ entry: 'define', external: ['lit', 'lit/*', '@lit/*'] }),
  ]);
  return { cdn, element };
}
