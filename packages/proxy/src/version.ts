/** A constant, as edge runtimes read no files: scripts/sync-versions.mjs writes it from package.json (version.test.ts checks). */
export const VERSION = '0.1.0';
