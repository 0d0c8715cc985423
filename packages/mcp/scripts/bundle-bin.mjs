// The bin as one file (`dist/room-restyler-mcp.js`): a desktop client spawns the server on every start,
// and Node loading the SDK, zod and ajv from hundreds of small modules was most of its cold start.
// One bundled file parses once; sharp (native) stays an import of the installed package, loaded only
// when an image is converted or previewed. The library entry (`dist/index.js`) stays unbundled.
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

/**
 * zod's `z` namespace carries every message locale (`z.locales`, a third of the bundle), and a namespace
 * cannot be tree-shaken. The server only ever speaks English (zod's default), so the bin gets `en` alone.
 */
const englishOnlyZodLocales = {
  name: 'english-only-zod-locales',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer }) =>
      importer.includes(join('node_modules', 'zod', 'v4'))
        ? { path: join(dirname(importer), '../locales/en.js'), namespace: 'zod-en' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-en' }, ({ path }) => ({
      contents: `export { default as en } from ${JSON.stringify(path)};`,
      resolveDir: dirname(path),
    }));
  },
};

await build({
  entryPoints: { 'room-restyler-mcp': 'dist/cli.js' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external: ['sharp'],
  plugins: [englishOnlyZodLocales],
  // CommonJS dependencies (ajv) call require() for Node built-ins, which ESM lacks.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  // Fewer bytes for V8 to scan at every start (about a fifth of the cold start is compiling this file).
  minify: true,
  legalComments: 'eof',
  logLevel: 'warning',
});
