/** The client's logger, told about each attempt of a call with the API key redacted from all of it. */
import { redact, redactValue, requestIdFrom } from './error-from-response.js';
import type { Logger, RequestLog } from './logger.js';
import type { Attempt } from './transport.js';

export function attemptLogger(logger: Logger, secrets: readonly string[]): (attempt: Attempt) => void {
  return ({ outcome, retryInMs, headers, ...attempt }) => {
    const entry: RequestLog = { ...attempt, headers: Object.fromEntries(headers) };
    let result: string;
    if ('response' in outcome) {
      entry.status = outcome.response.status;
      const requestId = requestIdFrom(outcome.response.headers);
      if (requestId) entry.requestId = requestId;
      result = `HTTP ${entry.status}`;
    } else {
      entry.error = outcome.connectionError instanceof Error ? outcome.connectionError.message : String(outcome.connectionError);
      result = `failed: ${entry.error}`;
    }
    const line = `room-restyler: ${entry.method} ${entry.url} → ${result} in ${entry.durationMs} ms`;
    if (retryInMs === undefined) logger.debug(redact(line, secrets), redactValue(entry, secrets));
    else logger.warn(redact(`${line}; retrying in ${retryInMs} ms`, secrets), redactValue({ ...entry, retryInMs }, secrets));
  };
}
