/**
 * MCP server costs a user notices: how long a client waits from spawning the stdio server to its
 * first `tools/list` answer (against a bare `node -e ''` in the same run), and what a tool call
 * through an in-memory SDK Client adds to the bare core call it wraps (against the simulator).
 * Prints only a Markdown section on stdout; progress goes to stderr.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createRoomClient } from '@room-restyler/core';
import { startSimulator } from '@room-restyler/simulator';
import { createRoomMcpServer } from '../src/server.js';

/** The shipped bin (one bundled file) and, for comparison, the same code as tsc emits it (one module per file). */
const CLI = fileURLToPath(new URL('../dist/room-restyler-mcp.js', import.meta.url));
const UNBUNDLED_CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const COLD_RUNS = 11;
const CALLS = 400;
const WARMUP = 40;
const KEY = 'sim_test_key';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const log = (line: string) => process.stderr.write(`${line}\n`);

async function nodeColdStartMs(): Promise<number> {
  const start = performance.now();
  await new Promise<void>((resolve, reject) =>
    spawn(process.execPath, ['-e', ''])
      .on('exit', () => resolve())
      .on('error', reject),
  );
  return performance.now() - start;
}

async function mcpColdStartMs(cli: string, env: Record<string, string>): Promise<number> {
  const start = performance.now();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli],
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(transport);
  await client.listTools();
  const elapsed = performance.now() - start;
  await client.close();
  return elapsed;
}

/** Alternates the two calls so both see the same machine noise; returns medians in µs. */
async function compare(bare: () => Promise<unknown>, viaMcp: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) await Promise.all([bare(), viaMcp()]);
  const bareUs: number[] = [];
  const mcpUs: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    let t = performance.now();
    await bare();
    bareUs.push((performance.now() - t) * 1000);
    t = performance.now();
    await viaMcp();
    mcpUs.push((performance.now() - t) * 1000);
  }
  return { bare: median(bareUs), mcp: median(mcpUs) };
}

async function main() {
  const simulator = await startSimulator({ port: 0, latencyMs: { min: 10, max: 20 }, accounts: [{ apiKey: KEY, credits: 1000 }], seed: 1 });
  try {
    const env = { ROOM_API_KEY: KEY, ROOM_API_BASE_URL: simulator.url };
    log(`cold start: ${COLD_RUNS} runs each`);
    const nodeRuns: number[] = [];
    const mcpRuns: number[] = [];
    const uncachedRuns: number[] = [];
    const unbundledRuns: number[] = [];
    // A start that writes the code cache first, as a client's first start after an install does.
    await mcpColdStartMs(CLI, env);
    for (let i = 0; i < COLD_RUNS; i++) {
      nodeRuns.push(await nodeColdStartMs());
      mcpRuns.push(await mcpColdStartMs(CLI, env));
      uncachedRuns.push(await mcpColdStartMs(CLI, { ...env, NODE_DISABLE_COMPILE_CACHE: '1' }));
      unbundledRuns.push(await mcpColdStartMs(UNBUNDLED_CLI, env));
    }

    const core = createRoomClient({ baseUrl: simulator.url, apiKey: KEY });
    const server = createRoomMcpServer({ client: core });
    const client = new Client({ name: 'bench', version: '1' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    const { requestId } = await core.restyle({ image_url: `${simulator.url}/__simulator/samples/furnished-room.jpg`, style: 'modern' });
    await core.waitForPrediction(requestId, { pollImmediately: true });

    log(`tool calls: ${CALLS} of each, after ${WARMUP} warm-up`);
    const me = await compare(
      () => core.me(),
      () => client.callTool({ name: 'me', arguments: {} }),
    );
    const prediction = await compare(
      () => core.getPrediction(requestId),
      () => client.callTool({ name: 'prediction', arguments: { id: requestId, wait_seconds: 0, previews: false } }),
    );
    await client.close();
    await server.close();

    const nodeMs = median(nodeRuns);
    const mcpMs = median(mcpRuns);
    const uncachedMs = median(uncachedRuns);
    const unbundledMs = median(unbundledRuns);
    const row = (what: string, bare: number, mcp: number) =>
      `| ${what} | ${bare.toFixed(0)} µs | ${mcp.toFixed(0)} µs | +${(mcp - bare).toFixed(0)} µs | ${(mcp / bare).toFixed(2)}× |`;
    process.stdout.write(
      [
        '## @room-restyler/mcp',
        '',
        '`pnpm --filter @room-restyler/mcp bench` — stdio cold start of the built bin, and tool-call overhead in memory, against a local simulator.',
        '',
        `| Cold start (median of ${COLD_RUNS}) | Time | Ratio |`,
        '|---|---|---|',
        `| \`node -e ''\` (baseline: Node itself) | ${nodeMs.toFixed(0)} ms | 1.00× |`,
        `| \`room-restyler-mcp\` spawn → initialize → first \`tools/list\` answer (the bundled bin, its code cache written; target ≤ 1.8×) | ${mcpMs.toFixed(0)} ms | ${(mcpMs / nodeMs).toFixed(2)}× |`,
        `| the same without the code cache (\`NODE_DISABLE_COMPILE_CACHE=1\`: what the first start after an install costs) | ${uncachedMs.toFixed(0)} ms | ${(uncachedMs / nodeMs).toFixed(2)}× |`,
        `| the same from unbundled modules (\`dist/cli.js\`, what the bin was before) | ${unbundledMs.toFixed(0)} ms | ${(unbundledMs / nodeMs).toFixed(2)}× |`,
        '',
        `| Call (median of ${CALLS}) | Bare core call | Through MCP (in-memory Client) | Overhead | Ratio |`,
        '|---|---|---|---|---|',
        row('`me` vs `client.me()`', me.bare, me.mcp),
        row('`prediction` (wait 0, finished job) vs `client.getPrediction()`', prediction.bare, prediction.mcp),
        '',
      ].join('\n'),
    );
  } finally {
    await simulator.close();
  }
}

main().catch((error: unknown) => {
  log(`mcp bench failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
