/** The kit's private test kit: import from `@room-restyler/test-kit` in any package's tests. */
export { ManualClock, settle, waitFor } from './clock.js';
export type { FakeJob, FakeService, FakeServiceOptions, RecordedRequest, Script, ScriptedReply } from './fake-service/fake-service.js';
export { NetworkReset, startFakeService } from './fake-service/fake-service.js';
export type { AckShape } from './fake-service/generation-routes.js';
export type { Served } from './fake-service/serve.js';
export { serveOverHttp } from './fake-service/serve.js';
export type { GcPressure, Settled } from './gc-pressure.js';
export { settlesWithin, startGcPressure } from './gc-pressure.js';
export type { Inspected } from './key-guard.js';
export { guardedLog, inspect, scan, TEST_API_KEY, takeLeaks } from './key-guard.js';
export { type PrometheusOptions, type PromSample, type RunningPrometheus, startPrometheus } from './prometheus-server.js';
export { type RedisServerOptions, type RunningRedis, startRedisServer } from './redis-server.js';
