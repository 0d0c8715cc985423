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
  const present = secrets.filter((secret) => secret !== '');
  const holdsSecret = (value: unknown): boolean => {
    if (value === null || typeof value !== 'object') return typeof value === 'string' && present.some((secret) => value.includes(secret));
    const text = JSON.stringify(value);
    return present.some((secret) => text.includes(secret));
  };
  return (entry) => {
    try {
      // Field by field: the per-request entry is flat, and serializing it only to search it cost more than the rest of a poll.
      let leaks = false;
      for (const field in entry) if (holdsSecret(entry[field]) || holdsSecret(field)) leaks = true;
      sink(leaks ? (JSON.parse(redact(JSON.stringify(entry), secrets)) as LogEntry) : entry);
    } catch {
      // A failing sink, or an entry that cannot be serialized, must never take a request down with it.
    }
  };
}
