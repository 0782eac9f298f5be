/**
 * The names renamed in 0.1.0 keep working until their removal (0.2.0 at the
 * earliest): the host's request passed as `transport` still reaches
 * `ctx.request` and the `principal` hook, and `HeaderMismatchError` is still
 * the class the HTTP precheck throws.
 */
import { describe, expect, it } from "vitest";
import { HeaderMismatchError, inProcessTransport, McpHeaderMismatchError, type PrincipalInfo } from "@mrtr/server";
import { request, resultOf, server } from "./helpers.js";

/** A server whose one tool answers what its context says about the host's request, and which records what the principal hook saw. */
function echoing() {
  const seen: PrincipalInfo[] = [];
  const s = server({
    principal: (info) => {
      seen.push(info);
      return undefined;
    },
  }).tool({
    name: "who",
    handler: (_args, ctx) => ({ content: [{ type: "text", text: JSON.stringify({ request: ctx.request, transport: ctx.transport }) }] }),
  });
  return { s, seen };
}

const call = () => request("tools/call", { name: "who", arguments: {} });
const textOf = (r: Record<string, any>) => JSON.parse(r.content[0].text as string) as Record<string, unknown>;

describe("renamed names, kept as deprecated aliases", () => {
  it("passes the host's request given as `request` to ctx.request, ctx.transport and the principal hook", async () => {
    const { s, seen } = echoing();
    const host = { user: "alice" };
    expect(textOf(resultOf(await s.handle(call(), { request: host })))).toEqual({ request: host, transport: host });
    expect(seen.map((i) => [i.request, i.transport])).toEqual([[host, host]]);
  });

  it("still takes the deprecated `transport` option, and lets `request` win when both are given", async () => {
    const { s, seen } = echoing();
    const old = { user: "old" };
    const current = { user: "new" };
    expect(textOf(resultOf(await s.handle(call(), { transport: old })))).toEqual({ request: old, transport: old });
    expect(textOf(resultOf(await s.handle(call(), { request: current, transport: old })))).toEqual({ request: current, transport: current });
    expect(seen.map((i) => i.request)).toEqual([old, current]);
  });

  it("inProcessTransport hands its `request` option, or the deprecated `transport`, to the server", async () => {
    const { s } = echoing();
    const host = { user: "bob" };
    expect(textOf(resultOf(await inProcessTransport(s, { request: host }).request(call() as never)))).toEqual({ request: host, transport: host });
    expect(textOf(resultOf(await inProcessTransport(s, { transport: host }).request(call() as never)))).toEqual({ request: host, transport: host });
  });

  it("keeps HeaderMismatchError as the same class as McpHeaderMismatchError", () => {
    const e = new HeaderMismatchError("Mcp-Method disagrees with the body");
    expect(e).toBeInstanceOf(McpHeaderMismatchError);
    expect(new McpHeaderMismatchError("x")).toBeInstanceOf(HeaderMismatchError);
    expect(e.code).toBe(-32020);
    expect(e.name).toBe("McpHeaderMismatchError");
  });
});
