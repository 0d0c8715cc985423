/** `uploads`: the folder uploads are stored in (ROOM_PROXY_UPLOAD_DIR, default under the OS temp folder) is writable. */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Check, fail, ok } from '@room-restyler/core/cli';
import { defaultUploadDir } from '../node/disk-upload-store.js';

export function uploadDirCheck(): Check {
  return {
    label: 'uploads',
    async run() {
      const dir = defaultUploadDir();
      const probe = join(dir, `.check-${process.pid}`);
      try {
        await mkdir(dir, { recursive: true, mode: 0o700 });
        await writeFile(probe, '');
        await rm(probe);
        return ok(`${dir} is writable`);
      } catch (error) {
        return fail(
          `${dir} is not writable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
          'set ROOM_PROXY_UPLOAD_DIR to a folder this process can write',
        );
      }
    },
  };
}
