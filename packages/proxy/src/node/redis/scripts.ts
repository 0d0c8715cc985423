/**
 * The Lua scripts behind the Redis store's compound operations: each runs atomically on the
 * server, so concurrent proxies can never both take the last slot of a limit or both win a claim.
 * Each takes one key; ioredis runs them by SHA, sending the source again after a restart or SCRIPT FLUSH.
 */
export const SCRIPTS = {
  /**
   * Fixed window. ARGV: window ms, limit. Returns { allowed (0/1), count, ms until the window ends }.
   * A full window refuses without counting; the expiry is set only when the window opens, so a
   * `release` (DECR) keeps the window's end.
   */
  hit: `
local current = redis.call('GET', KEYS[1])
local window = tonumber(ARGV[1])
local count = tonumber(current or '0')
if count >= tonumber(ARGV[2]) then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then ttl = window end
  return {0, count, ttl}
end
count = redis.call('INCR', KEYS[1])
if not current or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], window) end
return {1, count, redis.call('PTTL', KEYS[1])}
`,
  /** Gives back one hit, never going below zero and never creating the key; a window back at zero is deleted. */
  release: `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 1 then redis.call('DECR', KEYS[1]) else redis.call('DEL', KEYS[1]) end
return 0
`,
  /** Set-if-absent that also answers with the value already there. ARGV: value, ttl ms. */
  claim: `
local existing = redis.call('GET', KEYS[1])
if existing then return existing end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false
`,
  /** Compare-and-pexpire: extends the key only while it still holds the caller's value. ARGV: value, ttl ms. */
  renew: `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`,
  /** Compare-and-set. ARGV: expected value, new value, ttl ms. */
  replace: `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1
`,
} as const;
