/** `files`: with --http, the folder callers may read photos from and save into (--files-root). */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { type Check, fail, ok } from '@room-restyler/core/cli';
import { describeAccess, type FileAccess } from '../files/file-access.js';

export function filesRootCheck(files: FileAccess): Check {
  return {
    label: 'files',
    async run() {
      if (typeof files === 'string') return ok(describeAccess(files));
      const { root } = files;
      const isDir = await stat(root).then(
        (s) => s.isDirectory(),
        () => false,
      );
      if (!isDir) return fail(`${root} is not a folder`, 'create it or fix --files-root');
      const writable = await access(root, constants.R_OK | constants.W_OK).then(
        () => true,
        () => false,
      );
      if (!writable)
        return fail(`${root} is not readable and writable by this process`, 'fix its permissions or choose another --files-root');
      return ok(`${root}: callers read photos and save images here only`);
    },
  };
}
