/**
 * The proxy's release, for `/readyz` and `--version`. A constant because the fetch handler runs
 * where no file can be read (edge runtimes); `pnpm version-packages` rewrites it from package.json
 * (scripts/sync-versions.mjs) and src/version.test.ts keeps the two equal.
 */
export const VERSION = '0.1.0';
