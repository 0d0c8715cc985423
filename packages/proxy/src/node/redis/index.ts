/**
 * `@room-restyler/proxy/redis`, Node only (ioredis, an optional peer, needs TCP): the Redis store that
 * lets several proxy instances share their state, and the store `ROOM_PROXY_REDIS_URL` asks for.
 */
export { createRedisStore, type RedisStoreOptions, type StoreEnv, storeFromEnv } from './store.js';
