/** `--confirm-credits-above N|off` (or ROOM_CONFIRM_CREDITS_ABOVE): when clients with elicitation are asked before spending. */
import { readInteger } from '@room-restyler/core/cli';

const MAX_LIMIT = 1_000_000;

/** The flag wins over the environment; neither gives the server's default. `off` never asks. */
export function creditLimit(flag: string | undefined, env: string | undefined): number | undefined {
  if (flag !== undefined) return readLimit('--confirm-credits-above', flag);
  const fromEnv = env?.trim();
  return fromEnv ? readLimit('ROOM_CONFIRM_CREDITS_ABOVE', fromEnv) : undefined;
}

function readLimit(name: string, value: string): number {
  return value === 'off' ? Number.POSITIVE_INFINITY : readInteger(name, value, 0, MAX_LIMIT);
}
