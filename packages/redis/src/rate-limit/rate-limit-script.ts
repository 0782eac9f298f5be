/**
 * The one Lua script of `RedisRateLimitStore`: a take is one script, so
 * reading the bucket, refilling it and taking from it are atomic on the Redis
 * node that holds the bucket, whichever instance sends it.
 *
 * A bucket is a hash of two fields: `t`, the tokens it held, and `a`, when
 * (microseconds, by Redis's `TIME`). Redis's clock is the only clock: every
 * instance reads the same one, so their own clocks may disagree. A missing
 * bucket is a full one, so a take that leaves the bucket full deletes it, and
 * every write sets a key expiry of the time until the bucket would be full
 * again: an idle bucket disappears exactly when forgetting it changes nothing.
 * A refused take writes nothing.
 *
 * Numbers sent to Redis commands are formatted here (`%.17g`, `%.0f`): Redis 7
 * prints a bare Lua number in its shortest form, `3e+9` for three billion,
 * which PEXPIRE refuses.
 *
 * `TIME` before a write needs script effects replication, the default since
 * Redis 5 and the only mode since Redis 7 (the package asks for Redis 6).
 */
import { LuaScript } from "../lua-script.js";

/**
 * take. KEYS: the bucket. ARGV: capacity, refillPerSecond, cost (decimal
 * strings; capacity and refillPerSecond positive, cost at least 0, checked by
 * the caller).
 * Refills the bucket for the time since it was written (none if Redis's clock
 * went back, as after a failover to a node whose clock is behind), up to the
 * capacity. When it holds at least `cost`: takes it, writes the rest and its
 * expiry (or deletes a bucket left full) and answers 1. Else writes nothing
 * and answers the seconds until `cost` tokens will be there, as a string
 * (an integer reply would drop the fraction).
 */
export const TAKE = new LuaScript(`
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
local held = redis.call('HMGET', KEYS[1], 't', 'a')
local tokens = tonumber(held[1])
local at = tonumber(held[2])
if tokens == nil or at == nil then
  tokens = capacity
elseif now > at then
  tokens = math.min(capacity, tokens + (now - at) * rate / 1000000)
else
  tokens = math.min(capacity, tokens)
end
if tokens < cost then
  return string.format('%.17g', math.min((cost - tokens) / rate, 1e15))
end
tokens = tokens - cost
if tokens >= capacity then
  redis.call('DEL', KEYS[1])
else
  local ttl = math.min(math.ceil((capacity - tokens) * 1000 / rate), 1e15)
  redis.call('HSET', KEYS[1], 't', string.format('%.17g', tokens), 'a', string.format('%.0f', now))
  redis.call('PEXPIRE', KEYS[1], string.format('%.0f', math.max(ttl, 1)))
end
return 1
`);
