/** What every tool, resource and prompt shares: the client (or why there is none), settings and the log. */
import { createRoomClient, DEFAULT_POLL_SCHEDULE, type PollSchedule, type RoomClient } from '@room-restyler/core';
import type { FileAccess } from './files/file-access.js';
import { DEFAULT_PREVIEW_BUDGET_BYTES, type RoomMcpServerOptions } from './options.js';
import { MISSING_BASE_URL_HELP, MISSING_KEY_HELP, SetupError } from './user-errors.js';

export interface ServerContext {
  /** The client, or a SetupError saying what to configure. */
  client(): RoomClient;
  readonly uploadUrl: string | undefined;
  readonly uploadToken: string | undefined;
  readonly files: FileAccess;
  readonly pollSchedule: PollSchedule;
  readonly previewBudgetBytes: number;
  readonly fetch: typeof fetch;
  log(line: string): void;
}

export function createContext(options: RoomMcpServerOptions): ServerContext {
  const client = options.client ?? clientFromSettings(options);
  return {
    client() {
      if (client instanceof SetupError) throw client;
      return client;
    },
    uploadUrl: options.uploadUrl || undefined,
    uploadToken: options.uploadToken || undefined,
    files: options.files ?? 'anywhere',
    pollSchedule: options.pollSchedule ?? DEFAULT_POLL_SCHEDULE,
    previewBudgetBytes: options.previewBudgetBytes ?? DEFAULT_PREVIEW_BUDGET_BYTES,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    log: options.log ?? (() => {}),
  };
}

function clientFromSettings(options: RoomMcpServerOptions): RoomClient | SetupError {
  if (!options.apiKey) return new SetupError(MISSING_KEY_HELP);
  if (!options.baseUrl) return new SetupError(MISSING_BASE_URL_HELP);
  if (!URL.canParse(options.baseUrl)) return new SetupError(`ROOM_API_BASE_URL is not a URL. ${MISSING_BASE_URL_HELP}`);
  return createRoomClient({ baseUrl: options.baseUrl, apiKey: options.apiKey, fetch: options.fetch });
}
