/**
 * The programs the test run borrows from the machine, Chromium, redis-server and prometheus: where they
 * are, and what to say when they are not there. Nothing here installs anything.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface SystemProgram {
  name: string;
  /** The variable that points at the binary when it is not in a usual place. */
  envVar: string;
  path: string | undefined;
  installHint: string;
}

const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** Flags for a headless Chromium on a machine with no network and no GPU. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, name);
    if (dir && executable(candidate)) return candidate;
  }
  return undefined;
}

export function chromium(): SystemProgram {
  const fromEnv = process.env.CHROME_PATH;
  return {
    name: 'Chromium',
    envVar: 'CHROME_PATH',
    path: fromEnv ? (executable(fromEnv) ? fromEnv : undefined) : CHROMIUM_CANDIDATES.find(executable),
    installHint: 'Debian/Ubuntu: sudo apt-get install -y chromium; macOS: brew install --cask chromium',
  };
}

/** A program found on PATH, or where `envVar` points. */
function programOnPath(name: string, envVar: string, installHint: string): SystemProgram {
  const fromEnv = process.env[envVar];
  return { name, envVar, path: fromEnv ? (executable(fromEnv) ? fromEnv : undefined) : onPath(name), installHint };
}

export const redisServer = (): SystemProgram =>
  programOnPath('redis-server', 'REDIS_SERVER_BIN', 'Debian/Ubuntu: sudo apt-get install -y redis-server; macOS: brew install redis');
export const prometheus = (): SystemProgram =>
  programOnPath('prometheus', 'PROMETHEUS_BIN', 'Debian/Ubuntu: sudo apt-get install -y prometheus; macOS: brew install prometheus');

/** The path of a program the tests need, or an error that says how to get it. */
export function requireProgram(program: SystemProgram): string {
  if (program.path) return program.path;
  throw new Error(`${program.name} was not found. ${program.installHint}; or set ${program.envVar} to its path.`);
}

export const chromiumPath = (): string => requireProgram(chromium());
export const redisServerPath = (): string => requireProgram(redisServer());
export { freePort } from './free-port.js';

/**
 * How long a test waits for a step that normally takes moments (a page action, a server's start)
 * before it says what never came: a safety net, long because a loaded machine makes every step slow.
 */
export const SAFETY_TIMEOUT_MS = 120_000;
