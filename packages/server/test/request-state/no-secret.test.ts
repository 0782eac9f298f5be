/**
 * A server started without `requestState.secrets` (the first five minutes):
 * it seals with a random key of its process and says so once. Nothing else
 * weakens: the state is still sealed, bound to the request and refused when
 * changed, and it does not open on a server with other keys.
 */
import { createServer, type McpServer, type ServerWarning } from "@mrtr/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorOf, request, resultOf, retry, SECRET } from "../helpers.js";

const accept = (content: Record<string, unknown>) => ({ action: "accept", content });

function withConfirm(server: McpServer): McpServer {
  return server.tool({
    name: "deploy",
    inputSchema: { type: "object", properties: { env: { type: "string" } }, required: ["env"] },
    async handler(args, ctx) {
      const answer = await ctx.elicit("confirm", { message: `Deploy to ${String(args.env)}?`, requestedSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] } });
      return { content: [{ type: "text", text: `${answer.action} ${String(args.env)}` }] };
    },
  });
}

afterEach(() => vi.restoreAllMocks());

describe("createServer without requestState secrets", () => {
  it("says once, through onWarning, that states are sealed with a per-process key and how to share secrets", () => {
    const warnings: ServerWarning[] = [];
    withConfirm(createServer({ name: "first", version: "1.0.0", onWarning: (w) => warnings.push(w) }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.type).toBe("ephemeral-state-key");
    expect(warnings[0]!.message).toMatch(/another instance or after a restart/);
    expect(warnings[0]!.message).toMatch(/secretsFromEnv\(\)/);
  });

  it("warns on console.warn when no onWarning is given, and not at all when secrets are given", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    createServer({ name: "quiet", version: "1.0.0", requestState: { secrets: [SECRET] } });
    expect(warn).not.toHaveBeenCalled();
    createServer({ name: "loud", version: "1.0.0" });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/no requestState\.secrets given/);
  });

  it("a throwing onWarning does not stop the server from starting", () => {
    expect(() => createServer({ name: "x", version: "1.0.0", onWarning: () => { throw new Error("boom"); } })).not.toThrow();
  });

  it("serves a full multi round-trip flow with a sealed state that does not show the arguments", async () => {
    const server = withConfirm(createServer({ name: "flow", version: "1.0.0", onWarning: () => undefined }));
    const first = request("tools/call", { name: "deploy", arguments: { env: "production-eu" } });
    const r1 = resultOf(await server.handle(first));
    expect(r1.resultType).toBe("input_required");
    expect(typeof r1.requestState).toBe("string");
    expect(r1.requestState).not.toContain("production-eu");
    const done = resultOf(await server.handle(retry(first, { confirm: accept({ ok: true }) }, r1.requestState)));
    expect(done.content[0].text).toBe("accept production-eu");
  });

  it("still refuses a changed state, a state moved to other arguments, and states of a server with other keys", async () => {
    const server = withConfirm(createServer({ name: "bound", version: "1.0.0", onWarning: () => undefined }));
    const keyed = withConfirm(createServer({ name: "bound", version: "1.0.0", requestState: { secrets: [SECRET] } }));
    const first = request("tools/call", { name: "deploy", arguments: { env: "staging" } });
    const state: string = resultOf(await server.handle(first)).requestState;
    const flipped = state.slice(0, -2) + (state.at(-2) === "A" ? "B" : "A") + state.at(-1);
    expect(errorOf(await server.handle(retry(first, { confirm: accept({ ok: true }) }, flipped))).code).toBe(-32602);
    const moved = request("tools/call", { name: "deploy", arguments: { env: "production" } });
    expect(errorOf(await server.handle(retry(moved, { confirm: accept({ ok: true }) }, state))).code).toBe(-32602);
    expect(errorOf(await keyed.handle(retry(first, { confirm: accept({ ok: true }) }, state))).code).toBe(-32602);
    const keyedState: string = resultOf(await keyed.handle(first)).requestState;
    expect(errorOf(await server.handle(retry(first, { confirm: accept({ ok: true }) }, keyedState))).code).toBe(-32602);
  });
});
