/** What the server needs to know; the CLI fills it from the environment, embedders pass it directly. */
import type { PollSchedule, RoomClient } from '@room-restyler/core';
import type { FileAccess } from './files/file-access.js';
import type { SchemaDialect } from './surface/schema-dialects.js';

export interface RoomMcpServerOptions {
  /** A ready client (tests, embedding). When given, `apiKey` and `baseUrl` are ignored. */
  client?: RoomClient | undefined;
  /** The service key (`ROOM_API_KEY`). Without it the server still starts and tools explain the setup. */
  apiKey?: string | undefined;
  /** Origin of the service (`ROOM_API_BASE_URL`), e.g. `http://127.0.0.1:4010` for the simulator. */
  baseUrl?: string | undefined;
  /**
   * Origins of result images besides the service's own (`ROOM_IMAGE_ORIGINS`), e.g. the hosted service's image
   * host: the MCP App may load images only from declared origins.
   */
  imageOrigins?: readonly string[] | undefined;
  /** Full URL of an upload route honouring the proxy's contract (`ROOM_UPLOAD_URL`), for `image_path`. */
  uploadUrl?: string | undefined;
  /**
   * `ROOM_UPLOAD_TOKEN`: sent as `Authorization: Bearer` to `uploadUrl`, where the proxy (same token) treats this
   * server as a trusted caller outside the visitor upload limits. Never logged or shown.
   */
  uploadToken?: string | undefined;
  /**
   * Which local paths `image_path` and `save_dir` may use: `anywhere` (default; stdio, where the caller is the
   * user), `off`, or `{ root }` (confined by real path). The HTTP server passes `off` unless --files-root is given.
   */
  files?: FileAccess | undefined;
  /** When to poll a running job. Default: learned per operation from this process's recent jobs, starting from core's schedule tuned for 10–30 s jobs. */
  pollSchedule?: PollSchedule | undefined;
  /** Upper bound on all preview images of one result together, as sent (base64). Default 900 KB. */
  previewBudgetBytes?: number | undefined;
  /** Used to download result images and upload local photos. */
  fetch?: typeof fetch | undefined;
  /**
   * Long generations as MCP Tasks for clients that ask for them (default true). Off for stateless
   * HTTP, where the server (and its tasks) lives for one request only.
   */
  tasks?: boolean | undefined;
  /**
   * Clients with elicitation are asked to confirm before this session spends more than this many
   * credits (default 2; `Infinity` never asks). Clients without elicitation are never asked.
   */
  confirmCreditsAbove?: number | undefined;
  /**
   * The tool schemas' dialect for every client (`ROOM_SCHEMA_DIALECT`): `json-schema`, `openai-strict` or
   * `gemini`. Default: chosen from each client's name at initialize.
   */
  schemaDialect?: SchemaDialect | undefined;
  /** Diagnostics; the CLI writes them to stderr (stdout is the protocol in stdio mode). */
  log?: ((line: string) => void) | undefined;
}

export const DEFAULT_PREVIEW_BUDGET_BYTES = 900_000;
