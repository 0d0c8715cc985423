/** The MCP bin's `--check`: what the environment (and the HTTP flags) configure, one check per line. */
import { type Check, keyShareCheck, serviceChecks } from '@room-restyler/core/cli';
import type { CliCommand } from '../cli/args.js';
import type { EnvSettings } from '../cli/env.js';
import { filesRootCheck } from './files-root.js';
import { sharpCheck } from './sharp.js';
import { uploadRouteCheck } from './upload-route.js';

export function mcpChecks({ server }: EnvSettings, command: CliCommand): Check[] {
  return [
    ...serviceChecks({ apiKey: server.apiKey, baseUrl: server.baseUrl }),
    sharpCheck(),
    uploadRouteCheck(server.uploadUrl, server.uploadToken),
    ...(command.kind === 'http' ? [filesRootCheck(command.files)] : []),
    keyShareCheck({
      apiKey: server.apiKey,
      baseUrl: server.baseUrl,
      // Each server process keeps its own: nothing another process could read.
      openLedger: async () => 'the start ledger lives in the running server’s memory',
    }),
  ];
}
