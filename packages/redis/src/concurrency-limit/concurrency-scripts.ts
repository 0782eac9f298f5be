/**
 * The Lua scripts of `RedisConcurrencyStore`, each atomic on the Redis node
 * that holds the store's slot (concurrency-keys.ts). KEYS, for each: the
 * caller's set of leases, then the total's; both sorted sets of lease ids
 * scored by when they expire, in ms by Redis's `TIME`. Redis's clock is the
 * only clock: every instance reads the same one, so their own clocks may
 * disagree.
 *
 * Each write sets the key's expiry to its latest lease's (`PEXPIREAT`), so a
 * set whose leases all expired leaves nothing behind, whoever held them.
 * Numbers sent to Redis are formatted here (`%.0f`): Redis 7 prints a bare
 * Lua number in its shortest form (`1.7e+12`), which PEXPIREAT refuses.
 *
 * `TIME` before a write needs script effects replication, the default since
 * Redis 5 and the only mode since Redis 7 (the package asks for Redis 6).
 */
import { LuaScript } from "../lua-script.js";

/** Redis's clock in ms, and `record(key, expires, lease)`: adds or moves a lease, and keeps the key until its latest lease expires. */
const COMMON = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local function record(key, expires, lease)
  redis.call('ZADD', key, expires, lease)
  local last = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')
  redis.call('PEXPIREAT', key, string.format('%.0f', tonumber(last[2])))
end
`;

/**
 * acquire. ARGV: perCaller, total, leaseMs, the new lease's id.
 * Drops the expired leases of both sets, then answers `share` when the
 * caller holds `perCaller`, `total` when all hold `total` (writing nothing
 * more), else records the lease in both, expiring `leaseMs` from now, and
 * answers 1.
 */
export const ACQUIRE = new LuaScript(`${COMMON}
local expired = string.format('%.0f', now)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', expired)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', expired)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 'share' end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[2]) then return 'total' end
local expires = string.format('%.0f', now + tonumber(ARGV[3]))
record(KEYS[1], expires, ARGV[4])
record(KEYS[2], expires, ARGV[4])
return 1
`);

/**
 * renew. ARGV: leaseMs, the lease's id. Makes the lease expire `leaseMs`
 * from now in both sets, recording it again where it was gone (expired, or
 * lost with Redis's data): its request still runs. Answers 1.
 */
export const RENEW = new LuaScript(`${COMMON}
local expires = string.format('%.0f', now + tonumber(ARGV[1]))
record(KEYS[1], expires, ARGV[2])
record(KEYS[2], expires, ARGV[2])
return 1
`);

/** release. ARGV: the lease's id. Removes it from both sets (an empty set is deleted). Answers 1. */
export const RELEASE = new LuaScript(`
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
return 1
`);
