// The bin: a desktop client spawns the server on every start, and Node loading the SDK, zod and ajv
// from hundreds of small modules was most of its cold start. So the server is one bundled file,
// `dist/room-restyler-mcp.cjs` (CommonJS: V8's code cache, which `src/launch.ts` keeps, takes scripts,
// not ES modules), started by the small `dist/room-restyler-mcp.js`. sharp (native) stays a require of
// the installed package, loaded only when an image is converted or previewed. The library entry
// (`dist/index.js`) stays unbundled.
import { writeFile } from 'node:fs/promises';
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

const server = await build({
  entryPoints: ['dist/cli.js'],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20.19',
  external: ['sharp'],
  plugins: [englishOnlyZodLocales],
  // import() of a bundled module or of sharp becomes require(): a script has no module loader of its own.
  supported: { 'dynamic-import': false },
  // Where the code finds its package.json and the app's page, as an ES module would.
  define: { 'import.meta.url': '__bin_url' },
  banner: { js: "var __bin_url = require('node:url').pathToFileURL(__filename).href;" },
  // Fewer bytes for V8 to scan when the cache is cold.
  minify: true,
  legalComments: 'eof',
  logLevel: 'warning',
  write: false,
});
// The launcher's shebang is the bin's; the script is wrapped in a function, where one would not parse.
await writeFile('dist/room-restyler-mcp.cjs', server.outputFiles[0].text.replace(/^#!.*\n/, ''));

await build({
  entryPoints: { 'room-restyler-mcp': 'src/launch.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  minify: true,
  logLevel: 'warning',
});
