/**
 * `--check`: the kit's bins verify their configuration, one line per check, a fix after any that
 * fails. Checks run concurrently, each bounded by a timeout; a failure exits 1, a warning does not.
 */
import type { CliProcess } from './run-cli.js';

export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface CheckOutcome {
  status: CheckStatus;
  /** What was found, then for a failure or warning what to do about it. Never a secret. */
  detail: string;
}

export interface Check {
  /** A short name, the second column of the line (`key`, `base URL`, `redis`). */
  label: string;
  /** Aborted when the check's time is up: release what it holds (sockets, connections). */
  run(signal: AbortSignal): Promise<CheckOutcome>;
  /** Advice, not configuration: no answer in time (or a throw) is a warning, never a failure. */
  advisory?: boolean | undefined;
  /** Its own bound, for a check that reads more than one answer (default: the run's). */
  timeoutMs?: number | undefined;
}

export const ok = (detail: string): CheckOutcome => ({ status: 'ok', detail });
export const warn = (detail: string, fix?: string): CheckOutcome => ({ status: 'warn', detail: withFix(detail, fix) });
export const fail = (detail: string, fix?: string): CheckOutcome => ({ status: 'fail', detail: withFix(detail, fix) });

const withFix = (detail: string, fix: string | undefined) => (fix ? `${detail} — ${fix}` : detail);

const MARKS: Record<CheckStatus, string> = { ok: '✓', warn: '!', fail: '✗' };
const LABEL_WIDTH = 10;

/** `✓ key        accepted: plan Pro, 412 credits left` */
export function formatCheckLine(label: string, outcome: CheckOutcome): string {
  return `${MARKS[outcome.status]} ${label.padEnd(LABEL_WIDTH)} ${outcome.detail}`;
}

/** Runs every check at once, prints their lines in the given order, and sets exit code 1 on any failure. */
export async function runChecks(proc: CliProcess, checks: readonly Check[], options: { timeoutMs?: number } = {}): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 4_000;
  const outcomes = await Promise.all(checks.map((check) => bounded(check, check.timeoutMs ?? timeoutMs)));
  for (const [i, check] of checks.entries()) proc.stdout.write(`${formatCheckLine(check.label, outcomes[i] as CheckOutcome)}\n`);
  if (outcomes.some((outcome) => outcome.status === 'fail')) proc.exitCode = 1;
}

async function bounded(check: Check, timeoutMs: number): Promise<CheckOutcome> {
  const controller = new AbortController();
  const failed = check.advisory ? (detail: string) => warn(`not checked: ${detail}`) : fail;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(failed(`no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
  });
  try {
    // A check that throws is a failure worded by its message, not a crash of the whole command.
    return await Promise.race([check.run(controller.signal).catch((error: unknown) => failed(messageOf(error))), late]);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
