/**
 * Claiming a key once: `SET <key> 1 NX PX <ttl>`, one atomic command, sent
 * within the deadline of command-deadline.ts (withdrawn if still queued when
 * it passes). `OK` is the first claim, nil any later one until the key
 * expires; any other reply, an error, or no answer in time throws. The
 * replay guard and the DPoP replay cache both claim this way.
 */
import { withinDeadline } from "./command-deadline.js";
import type { RedisClaimClient } from "./redis-replay-guard.js";

/** `true` when this call set `key` (for `ttlMs`), `false` when it was already set; throws `timedOut()` after `timeoutMs`. */
export async function setOnce(client: RedisClaimClient, key: string, ttlMs: number, timeoutMs: number, timedOut: () => Error): Promise<boolean> {
  const reply = await withinDeadline(timeoutMs, timedOut, (abortSignal) =>
    client
      // The client's own type mapping (Buffers for strings, …) must not change how "OK" reads.
      .withCommandOptions({ abortSignal, timeout: timeoutMs, typeMapping: {} })
      .set(key, "1", { condition: "NX", expiration: { type: "PX", value: ttlMs } }),
  );
  if (reply === "OK") return true;
  if (reply === null) return false;
  throw new Error(`Redis answered SET NX with ${JSON.stringify(reply)}, neither OK nor nil.`);
}
