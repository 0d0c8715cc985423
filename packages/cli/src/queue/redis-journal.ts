/** A batch journal shared by every machine working on the batch: a Redis list, one JSON record per entry, in append order. */
import type { BatchJournal, JournalRecord } from '@room-restyler/core/batch';

/** The commands the journal needs of a Redis connection (BullMQ's own, say). */
export interface RedisList {
  rpush(key: string, value: string): Promise<number>;
  lrange(key: string, start: number, stop: number): Promise<string[]>;
}

export function redisJournal(redis: RedisList, key: string): BatchJournal {
  return {
    async read() {
      return (await redis.lrange(key, 0, -1)).map((line) => JSON.parse(line) as JournalRecord);
    },
    async append(record) {
      await redis.rpush(key, JSON.stringify(record));
    },
  };
}
