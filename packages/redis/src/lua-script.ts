/**
 * A Lua script run on Redis, atomic on the node that runs it: what each call
 * of the task store and each take of the rate-limit store is. A script is
 * sent by its SHA-1 (EVALSHA) and, the first time a Redis node has not seen
 * it (NOSCRIPT: a new or restarted node, SCRIPT FLUSH), as source (EVAL).
 */
import { createHash } from "node:crypto";
import { withinDeadline } from "./command-deadline.js";

/** What runs a script: the node-redis commands, bound to one call's abort signal and timeout. */
export interface ScriptCommands {
  /** `EVALSHA`: runs a script Redis already has, by its SHA-1. */
  evalSha(sha1: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  /** `EVAL`: runs a script from its source. */
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/** One Lua script and its SHA-1. */
export class LuaScript {
  readonly sha1: string;
  constructor(readonly source: string) {
    this.sha1 = createHash("sha1").update(source).digest("hex");
  }

  /** Runs the script, sending its source only when Redis does not have it yet. */
  async run(commands: ScriptCommands, keys: string[], args: string[]): Promise<unknown> {
    try {
      return await commands.evalSha(this.sha1, { keys, arguments: args });
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
      return commands.eval(this.source, { keys, arguments: args });
    }
  }
}

/** What a scripted store needs of a node-redis client or cluster: commands bound to one call's abort signal and timeout. */
export interface ScriptClient {
  withCommandOptions(options: { abortSignal: AbortSignal; timeout: number; typeMapping: {} }): ScriptCommands;
}

/**
 * Runs `script` on `client` within `timeoutMs` (command-deadline.ts): its
 * reply, or `unavailable("timeout")` when Redis did not answer in time, or
 * `unavailable("error", cause)` for any other failure. The one way every
 * scripted store of this package talks to Redis.
 */
export async function runWithin(
  client: ScriptClient,
  timeoutMs: number,
  script: LuaScript,
  keys: string[],
  args: string[],
  unavailable: (reason: "timeout" | "error", cause?: unknown) => Error,
): Promise<unknown> {
  return stepsWithin(client, timeoutMs, (commands) => script.run(commands, keys, args), unavailable);
}

/**
 * {@link runWithin} for a call made of several scripts run one after another
 * (the task store's `create`): `steps` sends them through `commands`, all
 * bound to one abort signal, and the whole call gets `timeoutMs`. Once the
 * time is up the signal is aborted: a script still queued is withdrawn, and
 * one sent after that is refused by the client before it leaves.
 */
export async function stepsWithin<T>(
  client: ScriptClient,
  timeoutMs: number,
  steps: (commands: ScriptCommands, abortSignal: AbortSignal) => Promise<T>,
  unavailable: (reason: "timeout" | "error", cause?: unknown) => Error,
): Promise<T> {
  let timedOut: Error | undefined;
  try {
    return await withinDeadline(
      timeoutMs,
      () => (timedOut = unavailable("timeout")),
      // The client's own type mapping (Buffers for strings, …) must not change how replies read.
      (abortSignal) => steps(client.withCommandOptions({ abortSignal, timeout: timeoutMs, typeMapping: {} }), abortSignal),
    );
  } catch (error) {
    throw error === timedOut ? error : unavailable("error", error);
  }
}
