/**
 * The Lua scripts of `RedisTaskStore`. Each touches one key, so it is atomic
 * on the Redis node that owns that key's slot (task-keys.ts): `get` and
 * `update` are one script each on the task's key; `create` is RESERVE on the
 * owner's set, then STORE on the task's key (RELEASE undoing the first when
 * the second certainly did not run). Times come from the caller (ms since
 * the epoch, by its clock) and the key expiry is sent as a duration, so
 * Redis's own clock decides nothing. Numbers reach Redis commands as the
 * strings they came in (a Lua number would be printed with 14 digits only).
 *
 * Each is a `LuaScript` (lua-script.ts): sent by its SHA-1, by source on
 * NOSCRIPT.
 */
import { LuaScript } from "../lua-script.js";

/**
 * create, first step, on the owner's slot. KEYS: the owner's set. ARGV: now,
 * expiresAt, ttl (ms, rounded up), maxPerOwner, task hash.
 * Forgets the owner's expired tasks; answers 2 when this task already holds
 * a place (a create sent again: nothing changes), refuses (0) when
 * maxPerOwner remain, else reserves the task's place, scored by its
 * expiresAt (the set then lives at least as long), and answers 1. A task
 * already expired reserves nothing.
 */
export const RESERVE = new LuaScript(`
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZSCORE', KEYS[1], ARGV[5]) then return 2 end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
if tonumber(ARGV[3]) > 0 then
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[5])
  if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[3]) then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
end
return 1
`);

/**
 * create, second step (after RESERVE answered 1 or 2), on the task's slot.
 * KEYS: the task. ARGV: expiresAt, ttl (ms, rounded up), JSON, channel, task id.
 * Stores the task at version 1 with its expiry, announces it and answers 1.
 * A task already expired is announced but not kept.
 */
export const STORE = new LuaScript(`
if tonumber(ARGV[2]) > 0 then
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], 'd', ARGV[3], 'v', '1', 'e', ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
redis.call('PUBLISH', ARGV[4], ARGV[5])
return 1
`);

/**
 * create, undone: gives back the place RESERVE took for a task that was
 * certainly not stored. KEYS: the owner's set. ARGV: task hash.
 */
export const RELEASE = new LuaScript(`
return redis.call('ZREM', KEYS[1], ARGV[1])
`);

/**
 * get. KEYS: the task. ARGV: now, maxRecordBytes.
 * nil when there is no task or it has expired by the caller's clock; the
 * JSON's length (a number) instead of the JSON when it is longer than
 * maxRecordBytes; else the JSON.
 */
export const GET = new LuaScript(`
local e = redis.call('HGET', KEYS[1], 'e')
if not e or tonumber(e) <= tonumber(ARGV[1]) then return false end
local n = redis.call('HSTRLEN', KEYS[1], 'd')
if n > tonumber(ARGV[2]) then return n end
return redis.call('HGET', KEYS[1], 'd')
`);

/**
 * update. KEYS: the task. ARGV: now, the version it must hold, the new
 * version, JSON, channel, task id.
 * 0 when the task is gone, expired by the caller's clock, or at another
 * version; else replaces its JSON and version (its expiry stays), announces
 * it and answers 1.
 */
export const UPDATE = new LuaScript(`
local held = redis.call('HMGET', KEYS[1], 'v', 'e')
if not held[1] or held[1] ~= ARGV[2] or tonumber(held[2]) <= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'd', ARGV[4], 'v', ARGV[3])
redis.call('PUBLISH', ARGV[5], ARGV[6])
return 1
`);
