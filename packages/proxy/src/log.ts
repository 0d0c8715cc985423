/**
 * Structured logging: one JSON object per event. Whatever a caller passes, the key is redacted
 * before the entry reaches the sink, so no log line can hold it.
 */
import { redactValue } from '@room-restyler/core/internal';

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  msg: string;
  [field: string]: unknown;
}

export type Logger = (entry: LogEntry) => void;

/** One JSON line per entry on stdout (console works on every runtime). */
export const jsonLinesLogger: Logger = (entry) => {
  console.log(JSON.stringify({ time: new Date().toISOString(), ...entry }));
};

export const silentLogger: Logger = () => {};

export function redactingLogger(sink: Logger, secrets: readonly string[]): Logger {
  return (entry) => {
    try {
      sink(redactValue(entry, secrets));
    } catch {
      // A failing sink, or an entry that cannot be serialized, must never take a request down with it.
    }
  };
}
