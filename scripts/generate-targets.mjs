// What `pnpm generate` makes: each spec and the TypeScript file generated from it (no generator
// loaded here, so the staleness check can tell cheaply that nothing changed).
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

export const targets = [
  { spec: 'openapi/room-api.yaml', out: 'packages/core/src/generated/room-api.ts' },
  { spec: 'openapi/proxy-api.yaml', out: 'packages/core/src/generated/proxy-api.ts' },
  // The spec's extensions (x-credits, …), which openapi-typescript leaves out, as values.
  { spec: 'openapi/room-api.yaml', out: 'packages/core/src/generated/room-operations.ts', kind: 'operations' },
];
