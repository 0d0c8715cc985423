/**
 * The batch journal of one machine: a file of JSON lines in the output folder, appended one record
 * at a time and fsynced before the append resolves — a record the batch went on from survives a
 * crash or `kill -9`. A last line cut short by the crash is dropped on reading (its step had not
 * resolved, so nothing went on from it).
 */
import { type FileHandle, open, readFile } from 'node:fs/promises';
import type { BatchJournal, JournalRecord } from '@room-restyler/core/batch';

export const JOURNAL_FILE = 'batch.jsonl';

export interface FileJournal extends BatchJournal {
  close(): Promise<void>;
}

export function fileJournal(path: string): FileJournal {
  let handle: Promise<FileHandle> | undefined;
  // Appends are written one after another, each durable before the next starts.
  let tail: Promise<void> = Promise.resolve();
  return {
    async read() {
      const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return '';
        throw error;
      });
      const lines = text.split('\n').filter((line) => line.trim() !== '');
      return lines.flatMap((line, i): JournalRecord[] => {
        try {
          return [JSON.parse(line) as JournalRecord];
        } catch (error) {
          if (i === lines.length - 1) return [];
          throw new Error(`${path}: line ${i + 1} is not a journal record`, { cause: error });
        }
      });
    },
    append(record) {
      handle ??= openForAppend(path);
      const write = tail.then(async () => {
        const file = await (handle as Promise<FileHandle>);
        await file.appendFile(`${JSON.stringify(record)}\n`);
        await file.sync();
      });
      tail = write.catch(() => {});
      return write;
    },
    async close() {
      await tail;
      await (await handle)?.close();
    },
  };
}

/** Opens the journal for appending, ending a line a crash cut short so the next record starts its own. */
async function openForAppend(path: string): Promise<FileHandle> {
  const file = await open(path, 'a+');
  const { size } = await file.stat();
  if (size > 0) {
    const { buffer } = await file.read(Buffer.alloc(1), 0, 1, size - 1);
    if (buffer[0] !== 0x0a) await file.appendFile('\n');
  }
  return file;
}
