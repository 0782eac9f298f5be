/**
 * A Lua script run on Redis, atomic on the node that runs it: what each call
 * of the task store and each take of the rate-limit store is. A script is
 * sent by its SHA-1 (EVALSHA) and, the first time a Redis node has not seen
 * it (NOSCRIPT: a new or restarted node, SCRIPT FLUSH), as source (EVAL).
 */
import { createHash } from "node:crypto";

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
