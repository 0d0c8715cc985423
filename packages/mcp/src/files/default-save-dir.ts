/**
 * Where `save_images` writes when no folder is given: on stdio (the user's own machine) the
 * pictures folder, `~/Pictures/room-restyler` — the folder macOS, Windows and most Linux desktops
 * name Pictures in the home directory; over HTTP with --files-root, the root itself; otherwise nowhere.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { FileAccess } from './file-access.js';

export function defaultSaveDir(access: FileAccess): string | undefined {
  if (access === 'anywhere') return join(homedir(), 'Pictures', 'room-restyler');
  if (access === 'off') return undefined;
  return '.';
}
