/** `pnpm --filter @room-restyler/mcp bundle` → `room-restyler-<version>.mcpb` in this package's folder (not committed). */
import { fileURLToPath } from 'node:url';
import { buildBundle } from './build-bundle.js';

process.stdout.write(`${await buildBundle(fileURLToPath(new URL('..', import.meta.url)))}\n`);
