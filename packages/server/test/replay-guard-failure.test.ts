import { describe, expect, it } from "vitest";
import {
  McpInternalError,
  REPLAY_GUARD_UNAVAILABLE_MESSAGE,
  ReplayGuardUnavailableError,
  type ReplayGuard,
  type ServerOptions,
} from "@mrtr/server";
import { errorOf, request, resultOf, retry, server } from "./helpers.js";

const accept = { confirm: { action: "accept", content: { ok: true } } };
const yesNo = { type: "object" as const, properties: { ok: { type: "boolean" as const } }, required: ["ok"] };

/** A server with a `pay` tool (consumeOnce after a confirmation) and a `quote` tool (no consumeOnce), over `guard`. */
function shop(guard: ReplayGuard, extra: Partial<ServerOptions> = {}) {
  const charged: string[] = [];
  const errors: unknown[] = [];
  const s = server({ replayGuard: guard, onError: (error) => errors.push(error), ...extra })
    .tool({
      name: "pay",
      async handler(_args, ctx) {
        await ctx.elicit("confirm", { message: "Pay?", requestedSchema: yesNo });
        await ctx.consumeOnce();
        charged.push(String(ctx.requestId));
        return { content: [{ type: "text", text: "paid" }] };
      },
    })
    .tool({
      name: "quote",
      async handler(_args, ctx) {
        await ctx.elicit("confirm", { message: "Quote?", requestedSchema: yesNo });
        return { content: [{ type: "text", text: "quoted" }] };
      },
    });
  return { s, charged, errors };
}

async function secondRound(s: ReturnType<typeof shop>["s"], tool: string) {
  const first = request("tools/call", { name: tool, arguments: {} });
  const r1 = resultOf(await s.handle(first));
  return s.handle(retry(first, accept, r1.requestState));
}

const refusing = (error: unknown): ReplayGuard => ({
  claim: () => {
    throw error;
  },
});

describe("consumeOnce when the replay guard cannot answer", () => {
  it("fails closed: the client gets -32603 with the single-use message, the handler stops, onError gets the guard's error", async () => {
    const failure = new ReplayGuardUnavailableError({ cause: new Error("store down") });
    const { s, charged, errors } = shop(refusing(failure));
    const error = errorOf(await secondRound(s, "pay"));
    expect(error).toEqual({ code: -32603, message: REPLAY_GUARD_UNAVAILABLE_MESSAGE });
    expect(charged).toEqual([]);
    expect(errors).toEqual([failure]);
  });

  it("wraps anything else a guard throws or rejects with, keeping it as the cause", async () => {
    for (const guard of [refusing(new TypeError("boom")), { claim: async () => Promise.reject(new Error("ECONNREFUSED")) }]) {
      const { s, charged, errors } = shop(guard);
      expect(errorOf(await secondRound(s, "pay"))).toEqual({ code: -32603, message: REPLAY_GUARD_UNAVAILABLE_MESSAGE });
      expect(charged).toEqual([]);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toBeInstanceOf(ReplayGuardUnavailableError);
      expect(((errors[0] as Error).cause as Error).message).toMatch(/boom|ECONNREFUSED/);
    }
  });

  it("leaves flows that never call consumeOnce, and first rounds, untouched", async () => {
    let claims = 0;
    const { s, errors } = shop({
      claim: () => {
        claims++;
        throw new Error("down");
      },
    });
    expect(resultOf(await secondRound(s, "quote"))).toMatchObject({ resultType: "complete", content: [{ text: "quoted" }] });
    const first = resultOf(await s.handle(request("tools/call", { name: "pay", arguments: {} })));
    expect(first.resultType).toBe("input_required");
    expect(claims).toBe(0);
    expect(errors).toEqual([]);
  });

  it("counts anything but `true` from a guard as a refusal", async () => {
    const { s, charged } = shop({ claim: () => "yes" as unknown as boolean });
    expect(errorOf(await secondRound(s, "pay"))).toEqual({ code: -32602, message: "invalid or expired requestState" });
    expect(charged).toEqual([]);
  });

  it("still hides every other internal failure behind a bare -32603", async () => {
    const s = server().tool({
      name: "broken",
      handler() {
        throw new McpInternalError("database password is hunter2");
      },
    });
    expect(errorOf(await s.handle(request("tools/call", { name: "broken", arguments: {} })))).toEqual({ code: -32603, message: "Internal error" });
  });
});
