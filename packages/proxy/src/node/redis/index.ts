/** `@room-restyler/proxy/redis`, Node only (ioredis needs TCP): the store several proxy instances share. */
export { createRedisStore, type RedisStoreOptions, type StoreEnv, storeFromEnv } from './store.js';
