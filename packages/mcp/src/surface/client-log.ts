/**
 * The logging capability: once the client asks for logs (`logging/setLevel`), the server's
 * diagnostics (jobs started, found again, cancelled) reach it as `notifications/message` too.
 * Nothing is sent before that, so clients that never ask see no extra notifications.
 * One server serves one session, so one level is kept.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { type LoggingLevel, LoggingLevelSchema, SetLevelRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const SEVERITY = LoggingLevelSchema.options;

export function clientLog(server: McpServer): (level: LoggingLevel, line: string) => void {
  let threshold: LoggingLevel | undefined;
  server.server.setRequestHandler(SetLevelRequestSchema, (request) => {
    threshold = request.params.level;
    return {};
  });
  return (level, line) => {
    if (threshold === undefined || SEVERITY.indexOf(level) < SEVERITY.indexOf(threshold)) return;
    void server.server.sendLoggingMessage({ level, logger: 'room-restyler', data: line }).catch(() => {});
  };
}
