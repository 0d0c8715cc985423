/** Node only (ioredis needs TCP): the Redis store that lets several proxy instances share their state. */
export { createRedisStore, DEFAULT_KEY_PREFIX, type RedisStoreOptions } from './state/redis-store.js';
export { type StoreEnv, storeFromEnv } from './state/store-from-env.js';
