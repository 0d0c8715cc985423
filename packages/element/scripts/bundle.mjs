// Writes the single-file CDN bundle (lit included): dist/cdn/room-restyler.js
import { mkdir, writeFile } from 'node:fs/promises';
import { measureBundles } from './bundles.mjs';

const { cdn } = await measureBundles();
const dir = new URL('../dist/cdn/', import.meta.url);
await mkdir(dir, { recursive: true });
await writeFile(new URL('room-restyler.js', dir), cdn.code);
console.error(`dist/cdn/room-restyler.js  ${cdn.bytes} B, ${cdn.gzip} B gzip`);
