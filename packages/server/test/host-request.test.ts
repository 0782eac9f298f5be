/**
 * The host's request a binding passes with a message (`HandleOptions.request`)
 * reaches `ctx.request` and the `principal` hook, and is read only when
 * something needs it: a binding that makes it on demand gives it as a getter,
 * with `auth` and `peer` beside it (`null` for none), and a handler that never
 * looks at it never makes it. Left out, `auth` and `peer` are looked for on
 * the request (where `protect` and `attachPeer` put them).
 */
import { describe, expect, it } from "vitest";
import { attachPeer, inProcessTransport, type PrincipalInfo } from "@mrtr/server";
import { attachAuthInfo, type AuthInfo } from "@mrtr/server/auth";
import { callerOf } from "@mrtr/server/plugin";
import { request, resultOf, server } from "./helpers.js";

/** A server with a tool that answers what its context says about the host's request, one that does not look, and a principal hook that records what it saw. */
function echoing(principal: (info: PrincipalInfo) => string | undefined = () => undefined) {
  const seen: PrincipalInfo[] = [];
  const s = server({
    principal: (info) => {
      seen.push(info);
      return principal(info);
    },
  })
    .tool({ name: "who", handler: (_args, ctx) => ({ content: [{ type: "text", text: JSON.stringify({ request: ctx.request, auth: ctx.auth?.subject ?? null }) }] }) })
    .tool({ name: "blind", handler: () => ({ content: [{ type: "text", text: "{}" }] }) });
  return { s, seen };
}

const call = (name = "who") => request("tools/call", { name, arguments: {} });
const textOf = (r: Record<string, any>) => JSON.parse(r.content[0].text as string) as Record<string, unknown>;
const alice: AuthInfo = { subject: "alice", scopes: [] };

/** Options whose `request` is made on first read, counting the reads. */
function onDemand(made: object) {
  const reads = { count: 0 };
  const options = {
    get request() {
      reads.count++;
      return made;
    },
    auth: null,
    peer: null,
  };
  return { options, reads };
}

describe("the host's request", () => {
  it("reaches ctx.request and the principal hook's info.request", async () => {
    const { s, seen } = echoing();
    const host = { user: "alice" };
    expect(textOf(resultOf(await s.handle(call(), { request: host })))).toEqual({ request: host, auth: null });
    expect(seen.map((i) => i.request)).toEqual([host]);
  });

  it("reaches the server from inProcessTransport's `request` option", async () => {
    const { s } = echoing();
    const host = { user: "bob" };
    expect(textOf(resultOf(await inProcessTransport(s, { request: host }).request(call() as never)))).toEqual({ request: host, auth: null });
  });

  it("given as a getter, is read only by a handler or hook that reads it", async () => {
    const host = { user: "carol" };
    const quiet = echoing();
    const blind = onDemand(host);
    expect(textOf(resultOf(await quiet.s.handle(call("blind"), blind.options)))).toEqual({});
    expect(blind.reads.count).toBe(0);
    const looking = onDemand(host);
    expect(textOf(resultOf(await quiet.s.handle(call(), looking.options)))).toEqual({ request: host, auth: null });
    expect(looking.reads.count).toBe(1);
    // The principal hook reads it only when it looks at `request`.
    const hooked = echoing((info) => (info.request as { user: string }).user);
    const read = onDemand(host);
    expect(textOf(resultOf(await hooked.s.handle(call("blind"), read.options)))).toEqual({});
    expect(read.reads.count).toBe(1);
  });

  it("carries auth and the peer where `auth` and `peer` are left out; `null` says there are none", async () => {
    const marked = new Request("https://mcp.example/mcp");
    attachAuthInfo(marked, alice);
    attachPeer(marked, "192.0.2.7");
    const { s } = echoing();
    expect(textOf(resultOf(await s.handle(call(), { request: marked }))).auth).toBe("alice");
    expect(textOf(resultOf(await s.handle(call(), { request: marked, auth: null }))).auth).toBe(null);
    expect(textOf(resultOf(await s.handle(call(), { request: {}, auth: alice }))).auth).toBe("alice");
    expect((await callerOf(s, call(), { request: marked, auth: null })).owner).toBe("peer:192.0.2.7");
    expect((await callerOf(s, call(), { request: marked, auth: null, peer: null, connection: undefined })).owner).toBe("anonymous");
    expect((await callerOf(s, call(), { request: marked, auth: null, peer: "198.51.100.1" })).owner).toBe("peer:198.51.100.1");
  });
});
