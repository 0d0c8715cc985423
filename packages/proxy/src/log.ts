/**
 * Structured logging: one JSON object per event. Whatever a caller passes, the key is redacted
 * before the entry reaches the sink, so no log line can hold it.
 */
import { redact } from '@room-restyler/core';

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
    const text = JSON.stringify(entry);
    const leaks = secrets.some((secret) => secret !== '' && text.includes(secret));
    try {
      sink(leaks ? (JSON.parse(redact(text, secrets)) as LogEntry) : entry);
    } catch {
      // A failing sink must never take a request down with it.
    }
  };
}
