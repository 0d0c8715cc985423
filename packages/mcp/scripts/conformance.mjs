// `pnpm --filter @room-restyler/mcp conformance`: the official MCP conformance suite's server scenarios
// against the built server over Streamable HTTP, backed by a local simulator. The suite needs Node 22:
// npx runs it with the `node` npm package's binary (node@22) first on PATH, whatever Node runs this.
// Failures listed in conformance-baseline.yml (with why) are expected; any other failure exits 1.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startSimulator } from '@room-restyler/simulator';
import { createRoomMcpServer, startHttpServer } from '../dist/index.js';

const SUITE = '@modelcontextprotocol/conformance@0.1.16';
const baseline = fileURLToPath(new URL('../conformance-baseline.yml', import.meta.url));

const simulator = await startSimulator({
  port: 0,
  accounts: [{ apiKey: 'sim_test_key', credits: 1000 }],
  latencyMs: { min: 50, max: 100 },
});
const http = await startHttpServer({
  port: 0,
  createServer: () => createRoomMcpServer({ apiKey: 'sim_test_key', baseUrl: simulator.url }),
});
let code = 1;
try {
  process.stderr.write(`conformance: ${SUITE} (Node 22 via npx -p node@22) against ${http.url}\n`);
  code = await new Promise((resolve, reject) =>
    spawn('npx', ['-y', '-p', 'node@22', '-p', SUITE, 'conformance', 'server', '--url', http.url, '--expected-failures', baseline], {
      stdio: 'inherit',
    })
      .on('exit', (exit) => resolve(exit ?? 1))
      .on('error', reject),
  );
} finally {
  await http.close();
  await simulator.close();
}
process.exit(code);
