/** What the client tells a logger (`console` is one): a line per attempt, a warning before each retry. */

export interface Logger {
  debug(message: string, details: RequestLog): void;
  warn(message: string, details: RequestLog): void;
}

/** One attempt of one request. The API key is redacted from all of it, the headers included. */
export interface RequestLog {
  method: string;
  url: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** On the client's clock. */
  durationMs: number;
  headers: Record<string, string>;
  /** Absent when no response came (see `error`). */
  status?: number;
  requestId?: string;
  /** Why no response came (connection refused, reset, …). */
  error?: string;
  /** Set when the request is sent again after this long. */
  retryInMs?: number;
}
