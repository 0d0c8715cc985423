/**
 * Builds the studio app into one self-contained HTML file, dist/app/studio.html: hosts render an
 * MCP App from the resource's text alone, so the script is inlined (a small plugin does what
 * vite-plugin-singlefile would, without its Rollup peer). Minified and tree-shaken; the size is
 * measured by `node scripts/app-size.mjs`.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const inlineScripts: Plugin = {
  name: 'inline-scripts',
  enforce: 'post',
  generateBundle(_options, bundle) {
    const html = Object.values(bundle).find((file) => file.type === 'asset' && file.fileName.endsWith('.html'));
    if (html?.type !== 'asset') return;
    let text = String(html.source);
    for (const [name, chunk] of Object.entries(bundle)) {
      if (chunk.type !== 'chunk') continue;
      const tag = new RegExp(`<script type="module" crossorigin src="[^"]*${chunk.fileName.replace(/[.]/g, '\\.')}"></script>`);
      // A function replacement: the code's own `$&` or `$1` must not be read as patterns.
      text = text.replace(tag, () => `<script type="module">${chunk.code.replaceAll('</script', '<\\/script')}</script>`);
      delete bundle[name];
    }
    html.source = text;
  },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  plugins: [inlineScripts],
  build: {
    outDir: fileURLToPath(new URL('../dist/app', import.meta.url)),
    emptyOutDir: false,
    target: 'es2022',
    minify: true,
    cssCodeSplit: false,
    assetsInlineLimit: Number.POSITIVE_INFINITY,
    modulePreload: false,
    reportCompressedSize: false,
    // One file: what the element loads on first use (the slider's zoom) is inlined too.
    rollupOptions: { input: fileURLToPath(new URL('./studio.html', import.meta.url)), output: { codeSplitting: false } },
  },
});
