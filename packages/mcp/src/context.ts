/** What every tool, resource and prompt shares: the client (or why there is none), settings and the log. */
import { AbortError, createRoomClient, DEFAULT_POLL_SCHEDULE, type PollSchedule, type RoomClient } from '@room-restyler/core';
import { DEFAULT_CONFIRM_CREDITS_ABOVE, SpendGuard } from './elicitation/spend-guard.js';
import type { FileAccess } from './files/file-access.js';
import { DEFAULT_PREVIEW_BUDGET_BYTES, type RoomMcpServerOptions } from './options.js';
import { errorResult } from './results/error-result.js';
import { GenerationTaskStore } from './tasks/task-store.js';
import { MISSING_BASE_URL_HELP, MISSING_KEY_HELP, SetupError } from './user-errors.js';

export interface ServerContext {
  /** The client, or a SetupError saying what to configure. */
  client(): RoomClient;
  readonly uploadUrl: string | undefined;
  readonly files: FileAccess;
  readonly pollSchedule: PollSchedule;
  readonly previewBudgetBytes: number;
  readonly fetch: typeof fetch;
  /** This session's generation tasks; none when tasks are off (stateless HTTP: nothing outlives a request). */
  readonly tasks: GenerationTaskStore | undefined;
  /** Credits this session spent, and when to ask before spending more. */
  readonly spend: SpendGuard;
  log(line: string): void;
}

export function createContext(options: RoomMcpServerOptions): ServerContext {
  const client = options.client ?? clientFromSettings(options);
  const pollSchedule = options.pollSchedule ?? DEFAULT_POLL_SCHEDULE;
  return {
    client() {
      if (client instanceof SetupError) throw client;
      return client;
    },
    uploadUrl: options.uploadUrl || undefined,
    files: options.files ?? 'anywhere',
    pollSchedule,
    previewBudgetBytes: options.previewBudgetBytes ?? DEFAULT_PREVIEW_BUDGET_BYTES,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    tasks: options.tasks === false ? undefined : new GenerationTaskStore({ pollIntervalMs: pollSchedule.windowIntervalMs, cancelled }),
    spend: new SpendGuard(options.confirmCreditsAbove ?? DEFAULT_CONFIRM_CREDITS_ABOVE),
    log: options.log ?? (() => {}),
  };
}

/** tasks/cancel: the service cannot cancel a job, so the task says so and points to `prediction`. */
function cancelled(requestId: string) {
  return {
    statusMessage: `Stopped following. The service cannot cancel a job: ${requestId} keeps running and its credit is spent; get its images with \`prediction\`.`,
    result: errorResult(new AbortError('Cancelled by the client'), { requestId }),
  };
}

function clientFromSettings(options: RoomMcpServerOptions): RoomClient | SetupError {
  if (!options.apiKey) return new SetupError(MISSING_KEY_HELP);
  if (!options.baseUrl) return new SetupError(MISSING_BASE_URL_HELP);
  if (!URL.canParse(options.baseUrl)) return new SetupError(`ROOM_API_BASE_URL is not a URL. ${MISSING_BASE_URL_HELP}`);
  return createRoomClient({ baseUrl: options.baseUrl, apiKey: options.apiKey, fetch: options.fetch });
}
