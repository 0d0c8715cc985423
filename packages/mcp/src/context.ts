/** What every tool, resource and prompt shares: the client (or why there is none), settings and the log. */
import { createRoomClient, type PollSchedule, type RoomClient } from '@room-restyler/core';
import { normalizeBaseUrl, type StartLedger } from '@room-restyler/core/internal';
import { DEFAULT_CONFIRM_CREDITS_ABOVE, SpendGuard } from './elicitation/spend-guard.js';
import type { FileAccess } from './files/file-access.js';
import { durationsFor } from './jobs/durations.js';
import { SessionJobs } from './jobs/session-jobs.js';
import { injectedClientLedger, startsFor } from './jobs/starts.js';
import { DEFAULT_PREVIEW_BUDGET_BYTES, type RoomMcpServerOptions } from './options.js';
import type { GenerationTaskStore } from './tasks/task-store.js';
import { MISSING_BASE_URL_HELP, MISSING_KEY_HELP, SET_BASE_URL_HELP, SetupError } from './user-errors.js';

export interface ServerContext {
  /** The client, or a SetupError saying what to configure. */
  client(): RoomClient;
  readonly uploadUrl: string | undefined;
  readonly uploadToken: string | undefined;
  readonly files: FileAccess;
  /** Given by the embedder, followed as is; otherwise each wait polls on the schedule learned for its operation. */
  readonly pollSchedule: PollSchedule | undefined;
  readonly previewBudgetBytes: number;
  readonly fetch: typeof fetch;
  /** The jobs this session started (`recent_jobs`). */
  readonly jobs: SessionJobs;
  /** The starts of this process, for finding the job of a start whose answer was lost. */
  readonly starts: StartLedger;
  /** This session's generation tasks; none when tasks are off. */
  readonly tasks: GenerationTaskStore | undefined;
  /** Credits this session spent, and when to ask before spending more. */
  readonly spend: SpendGuard;
  log(line: string): void;
}

export function createContext(options: RoomMcpServerOptions, tasks?: GenerationTaskStore): ServerContext {
  const client = options.client ?? clientFromSettings(options);
  return {
    client() {
      if (client instanceof SetupError) throw client;
      return client;
    },
    uploadUrl: options.uploadUrl || undefined,
    uploadToken: options.uploadToken || undefined,
    files: options.files ?? 'anywhere',
    pollSchedule: options.pollSchedule,
    previewBudgetBytes: options.previewBudgetBytes ?? DEFAULT_PREVIEW_BUDGET_BYTES,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    jobs: new SessionJobs(),
    // Job ids are unique per service: a client given ready-made (embedding, tests) keeps its own.
    starts: options.client ? injectedClientLedger() : startsFor(options.baseUrl ?? '', options.apiKey ?? ''),
    tasks,
    spend: new SpendGuard(options.confirmCreditsAbove ?? DEFAULT_CONFIRM_CREDITS_ABOVE),
    log: options.log ?? (() => {}),
  };
}

export function clientFromSettings(options: RoomMcpServerOptions): RoomClient | SetupError {
  if (!options.apiKey) return new SetupError(MISSING_KEY_HELP);
  if (!options.baseUrl) return new SetupError(MISSING_BASE_URL_HELP);
  const checked = normalizeBaseUrl(options.baseUrl);
  if (!checked.ok) return new SetupError(`ROOM_API_BASE_URL ${checked.problem}. ${SET_BASE_URL_HELP}`);
  return createRoomClient({
    baseUrl: checked.baseUrl,
    apiKey: options.apiKey,
    fetch: options.fetch,
    durations: durationsFor(checked.baseUrl),
  });
}
