// Serves a built site from memory: every file read once at start, text compressed once (brotli and
// gzip), hashed assets cached for a year, everything else revalidated.
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt']);

async function* filesIn(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesIn(path);
    else yield path;
  }
}

/** `(req, res) => boolean`: answers a GET/HEAD for a file of `dir` (`/` is `index.html`), false when there is none. */
export async function staticFiles(dir) {
  const files = new Map();
  for await (const path of filesIn(dir)) {
    const body = await readFile(path);
    const ext = extname(path);
    const url = `/${relative(dir, path).split(sep).join('/')}`;
    files.set(url, {
      body,
      type: TYPES[ext] ?? 'application/octet-stream',
      br: COMPRESSIBLE.has(ext) ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : undefined,
      gzip: COMPRESSIBLE.has(ext) ? gzipSync(body, { level: 9 }) : undefined,
      cache: url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
  }
  return (req, res) => {
    const path = new URL(req.url ?? '/', 'http://demo').pathname;
    const file = files.get(path === '/' ? '/index.html' : path);
    if (!file || !['GET', 'HEAD'].includes(req.method ?? '')) return false;
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = file.br && /\bbr\b/.test(accepts) ? 'br' : file.gzip && /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
    const body = encoding ? file[encoding] : file.body;
    res.writeHead(200, {
      'content-type': file.type,
      'content-length': body.length,
      'cache-control': file.cache,
      'x-content-type-options': 'nosniff',
      vary: 'accept-encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
