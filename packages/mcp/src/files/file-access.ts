/**
 * Which local paths the tools may read (`image_path`) and write (`save_dir`). On stdio the server
 * runs as the user, so any path is theirs; over HTTP the caller is someone else, so disk access is
 * off unless a root is given, and then every path must lie inside it by real path (symlinks
 * resolved), so `..` or a link cannot lead out.
 */
import { mkdir, realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../user-errors.js';

/** `anywhere` (stdio, embedding), `off` (HTTP default) or confined to `{ root }` (HTTP with --files-root). */
export type FileAccess = 'anywhere' | 'off' | { root: string };

export const FILES_OFF_HELP =
  'This server does not read or write local files for remote callers (it runs over HTTP). ' +
  'Pass image_url with a public http(s) URL of the photo instead; the server operator can allow a folder with --files-root DIR.';

/** The real path of an existing file the caller may read. */
export async function readablePath(access: FileAccess, path: string, argument: string): Promise<string> {
  const wanted = requested(access, path, argument);
  const real = await realpath(wanted).catch(() => undefined);
  if (real === undefined) throw new InputError(`No readable file at ${argument} "${path}".`);
  await assertInside(access, real, argument, path);
  return real;
}

/** The absolute folder a caller asks to write into, refused early (before any job is started) when out of reach. */
export async function plannedDir(access: FileAccess, dir: string, argument: string): Promise<string> {
  const wanted = requested(access, dir, argument);
  await assertInside(access, await realpath(await existingAncestor(wanted)), argument, dir);
  return wanted;
}

/** Creates (when missing) and returns the real path of a folder the caller may write into. */
export async function writableDir(access: FileAccess, dir: string, argument: string): Promise<string> {
  // Check the nearest existing ancestor before creating anything, then the folder itself after.
  const wanted = await plannedDir(access, dir, argument);
  await mkdir(wanted, { recursive: true });
  const real = await realpath(wanted);
  await assertInside(access, real, argument, dir);
  return real;
}

/**
 * A path as the caller may see it: on its own computer as it is; inside a shared folder relative to
 * that folder — a remote caller never learns where the server keeps its files.
 */
export async function shownPath(access: FileAccess, path: string): Promise<string> {
  if (typeof access !== 'object') return path;
  return relative(await realpath(access.root), path)
    .split(sep)
    .join('/');
}

/** Where paths may point, in words (the startup log). */
export function describeAccess(access: FileAccess): string {
  if (access === 'anywhere') return 'anywhere';
  if (access === 'off') return 'off (--files-root DIR allows one folder)';
  return `inside ${access.root}`;
}

function requested(access: FileAccess, given: string, argument: string): string {
  if (access === 'off') throw new InputError(FILES_OFF_HELP);
  const path = fromFileUrl(given, argument);
  if (access !== 'anywhere') return resolve(access.root, path);
  const expanded = path === '~' ? homedir() : path.startsWith('~/') || path.startsWith('~\\') ? join(homedir(), path.slice(2)) : path;
  // A relative path would land wherever the client happened to start the server.
  if (!isAbsolute(expanded)) throw new InputError(`${argument} must be an absolute path or start with ~/ (got "${given}").`);
  return resolve(expanded);
}

/** `file:///Users/me/room.jpg` (what file managers and some clients hand over) as a path; other strings as given. */
function fromFileUrl(given: string, argument: string): string {
  if (!/^file:/i.test(given)) return given;
  try {
    return fileURLToPath(given);
  } catch {
    throw new InputError(`${argument} "${given}" is not a local file:// URL (file:///absolute/path).`);
  }
}

async function assertInside(access: FileAccess, real: string, argument: string, given: string): Promise<void> {
  if (typeof access !== 'object') return;
  const root = await realpath(access.root);
  const rel = relative(root, real);
  if (rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel))) return;
  throw new InputError(`${argument} "${given}" is outside the folder this server shares: give a path inside it, relative to it.`);
}

async function existingAncestor(path: string): Promise<string> {
  for (let current = path; ; current = dirname(current)) {
    if (
      await realpath(current).then(
        () => true,
        () => false,
      )
    )
      return current;
    if (dirname(current) === current) return current;
  }
}
