// Lints the OpenAPI specs with Redocly's library (the rules of redocly.yaml). The library, unlike
// the CLI, prints no banner, so a clean run prints one line per spec.
import { formatProblems, lint, loadConfig } from '@redocly/openapi-core';
import { root } from './run.mjs';

const SPECS = ['openapi/room-api.yaml', 'openapi/proxy-api.yaml'];
const config = await loadConfig({ configPath: `${root}/redocly.yaml` });
let failed = false;
for (const spec of SPECS) {
  const problems = await lint({ ref: `${root}/${spec}`, config });
  if (problems.length === 0) {
    console.log(`${spec}: valid, no warnings`);
    continue;
  }
  failed = true;
  formatProblems(problems, { format: 'stylish', totals: { errors: 0, warnings: 0, ignored: 0 }, version: '' });
}
if (failed) process.exit(1);
