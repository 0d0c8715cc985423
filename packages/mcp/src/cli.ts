#!/usr/bin/env node
/** `room-restyler-mcp`: stdio by default, `--http` for Streamable HTTP. Logs only on stderr. */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { runChecks, runCli, UsageError } from '@room-restyler/core/cli';
import { mcpChecks } from './check/index.js';
import { commandFromFlags, MCP_FLAGS, USAGE } from './cli/args.js';
import { creditLimit } from './cli/credit-limit.js';
import { describeSettings, settingsFromEnv } from './cli/env.js';
import { keyRefusal } from './cli/key-refusal.js';
import { describeAccess } from './files/file-access.js';
import { createRoomMcpServer } from './server.js';
import { VERSION } from './version.js';

const log = (line: string) => process.stderr.write(`[room-restyler-mcp] ${line}\n`);

// Not awaited (runCli never rejects): the bin is also built as CommonJS, which has no top-level await (scripts/bundle-bin.mjs).
void runCli(process, { name: 'room-restyler-mcp', version: VERSION, usage: USAGE, flags: MCP_FLAGS }, async (flags) => {
  const command = commandFromFlags(flags);

  const settings = settingsFromEnv(process.env);
  if (flags.check) return runChecks(process, mcpChecks(settings, command));
  const confirmCreditsAbove = creditLimit(flags['confirm-credits-above'], process.env.ROOM_CONFIRM_CREDITS_ABOVE);
  const serverOptions = { ...settings.server, confirmCreditsAbove, log };

  if (command.kind === 'stdio') {
    const server = createRoomMcpServer(serverOptions);
    await server.connect(new StdioServerTransport());
    // The client went away (closed our stdin): closing the server aborts the calls in flight, so no
    // job is followed, downloaded or saved for nobody, and the process can exit.
    process.stdin.once('end', () => void server.close());
    log(`${VERSION} on stdio; ${describeSettings(settings)}`);
    return;
  }

  // Only HTTP mode pays for loading the HTTP transport.
  if (command.byok && settings.token) throw new UsageError('--byok and ROOM_MCP_TOKEN both use the Authorization header; use one of them');
  const { startHttpServer } = await import('./http/http-server.js');
  const running = await startHttpServer({
    port: command.port,
    host: command.host,
    allowedHosts: command.allowedHosts,
    token: settings.token,
    adminToken: settings.adminToken,
    byok: command.byok,
    authorizationServers: command.authorizationServers,
    publicUrl: command.publicUrl,
    stateless: command.stateless,
    sessions: command.sessions,
    // A BYOK session opens only for a key the service accepts, so strangers cannot fill the server.
    ...(command.byok ? { verifyKey: (apiKey: string) => keyRefusal({ ...settings.server, apiKey }) } : {}),
    // With BYOK each caller spends its own key, never the server's. A stateless server lives for one
    // request: a task could never be asked for again.
    createServer: (caller) =>
      createRoomMcpServer({
        ...serverOptions,
        ...(command.byok ? { apiKey: caller.apiKey } : {}),
        files: command.files,
        tasks: !command.stateless,
      }),
    log,
  });
  const auth = command.byok ? "callers' own keys (--byok)" : `bearer token ${settings.token ? 'required' : 'off'}`;
  log(
    `${VERSION} on ${running.url} (${command.stateless ? 'stateless' : 'sessions'}); ${describeSettings(settings)}; ` +
      `${auth}; local files: ${describeAccess(command.files)}`,
  );
  if (!settings.token && !command.byok && !['127.0.0.1', 'localhost', '::1'].includes(command.host))
    log('warning: listening beyond loopback without ROOM_MCP_TOKEN; anyone who can reach this port can spend your credits');
  const stop = () => void running.close().finally(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
});
