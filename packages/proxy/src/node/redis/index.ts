/** Node only (ioredis needs TCP): the Redis store that lets several proxy instances share their state. */
export { createRedisStore, DEFAULT_KEY_PREFIX, type RedisStoreOptions } from './store.js';
export { type StoreEnv, storeFromEnv } from './store-from-env.js';
