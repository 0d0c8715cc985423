/**
 * The suite-wide key check: every response a test reads can go through `inspect`, every log line
 * through `guardedLog`, and an `afterEach` fails the test if the key ever appeared in either.
 */
export const TEST_API_KEY = 'bs_live_TESTKEYabcdefghijklmnopqrstuvwx';

const leaks: string[] = [];

export function scan(text: string, where: string): void {
  if (text.includes(TEST_API_KEY)) leaks.push(`${where}: ${text.slice(0, 200)}`);
}

export function takeLeaks(): string[] {
  return leaks.splice(0);
}

export interface Inspected {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown>;
}

/** Reads a response whole and records a leak if the key is in its headers or body. */
export async function inspect(response: Response): Promise<Inspected> {
  const text = await response.text();
  response.headers.forEach((value, name) => {
    scan(`${name}: ${value}`, 'response header');
  });
  scan(text, 'response body');
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON (an image, an event stream).
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** A logger that keeps the lines and records a leak if one holds the key. */
export function guardedLog(): { log: (entry: object) => void; lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    log(entry) {
      const line = JSON.stringify(entry);
      scan(line, 'log line');
      lines.push(line);
    },
  };
}
