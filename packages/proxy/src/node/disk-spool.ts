/** Upload bodies spooled to files in a directory of their own (0700), removed once the request is done. */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { readBodyChunks } from '../http/read-body.js';
import type { BodySpool } from '../uploads/body-spool.js';

export function createDiskSpool(dir: string): BodySpool {
  const ready = mkdir(dir, { recursive: true, mode: 0o700 });
  return {
    async spool(request, limits) {
      await ready;
      const path = join(dir, `spool-${randomBytes(12).toString('hex')}`);
      const file = await open(path, 'wx', 0o600);
      let byteLength: number;
      try {
        byteLength = await readBodyChunks(request, limits, async (chunk) => {
          await file.write(chunk);
        });
      } catch (error) {
        await file.close();
        await rm(path, { force: true });
        throw error;
      }
      await file.close();
      return {
        byteLength,
        async bytes() {
          const data = await readFile(path);
          return new Uint8Array(data.buffer, data.byteOffset, data.byteLength) as Uint8Array<ArrayBuffer>;
        },
        dispose: () => rm(path, { force: true }),
      };
    },
  };
}
