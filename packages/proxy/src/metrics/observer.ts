/**
 * What the proxy tells an operator's view (`ProxyAdmin`): every log event, answer and upstream call. Metrics are
 * counted from these three alone, so the routes carry no metrics code and a new log event is one line in the observer.
 */
import type { Clock } from '@room-restyler/core';
import type { ProxyRequest } from '../http/proxy-request.js';
import type { Reply } from '../http/responses.js';
import type { Limits } from '../limits/limits.js';
import type { LogEntry, Logger } from '../log.js';
import type { ProxyStore } from '../state/store.js';

export interface AnsweredRequest {
  /** The route's name (`none` for a path the proxy does not serve). */
  route: string;
  status: number;
  ms: number;
  /** What the handler threw, when it threw. */
  error?: unknown;
}

export interface UpstreamCall {
  /** The service's operation path, e.g. `enhance`, `prediction`, `me`. */
  route: string;
  /** Its HTTP status, or `error` when it gave no answer (unreachable, timed out). */
  status: number | 'error';
  seconds: number;
}

export interface ProxyObserver {
  logged(entry: LogEntry): void;
  answered(answer: AnsweredRequest): void;
  upstreamCalled(call: UpstreamCall): void;
}

/** What of the proxy the operator's view reads: its settings, its shared state and its job hub's counts. */
export interface AdminContext {
  clock: Clock;
  limits: Limits;
  store: ProxyStore;
  hub: { readonly streams: number; readonly activeJobs: number };
}

/** The operator's endpoints (`/metrics`, `/admin`…) and the observer that feeds them. */
export interface ProxyAdmin extends ProxyObserver {
  /** Answers a GET on `path` (below the proxy's prefix) when it is one of the admin's, else undefined (the proxy's 404). */
  serve(path: string, request: ProxyRequest): Promise<Reply> | undefined;
  /** Called once by `createRoomProxy` with what the gauges and the page read. */
  attach(context: AdminContext): void;
}

/** `log`, with every entry also told to the observer (which must not throw). */
export function observedLogger(log: Logger, observer: ProxyObserver | undefined): Logger {
  if (!observer) return log;
  return (entry) => {
    log(entry);
    observer.logged(entry);
  };
}
