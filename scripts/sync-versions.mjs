// `pnpm version-packages` step: writes each version constant that cannot read package.json at run
// time (the proxy's fetch handler runs on edge runtimes) from its package.json, and the MCP server's
// server.json (MCP Registry), which names the version to publish.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './run.mjs';

for (const dir of ['packages/proxy']) {
  const { version } = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  const file = join(root, dir, 'src/version.ts');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/VERSION = '[^']*'/, `VERSION = '${version}'`));
}

const serverJson = join(root, 'packages/mcp/server.json');
const { version: mcpVersion } = JSON.parse(readFileSync(join(root, 'packages/mcp/package.json'), 'utf8'));
const server = JSON.parse(readFileSync(serverJson, 'utf8'));
server.version = mcpVersion;
for (const entry of server.packages) entry.version = mcpVersion;
writeFileSync(serverJson, `${JSON.stringify(server, null, 2)}\n`);
