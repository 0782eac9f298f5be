/**
 * The front behind `protect`, a per-principal policy, and the upstream
 * reached with the gateway's own credential: each caller's list and calls
 * agree, a hidden item is refused exactly as a missing one, and no front
 * token ever reaches the upstream.
 */
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpTransport } from "@mrtr/client";
import { createHttpHandler } from "@mrtr/server";
import { jwtVerifier, protect } from "@mrtr/server/auth";
import { createGateway, type Gateway } from "@mrtr/gateway";
import { serve } from "../../../test/helpers/auth.js";
import { dualEraServer } from "../../../test/interop/fixtures/mrtr-dual-era-server.js";
import { frontClient, textOf } from "./helpers/upstreams.js";

const ISSUER = "https://issuer.example";

describe("a protected gateway with a per-principal policy", () => {
  const seenByUpstream: (string | null)[] = [];
  let upstream: { url: string; close(): Promise<void> };
  let front: { url: string; close(): Promise<void> };
  let gateway: Gateway;
  let token: (sub: string, scope?: string) => Promise<string>;

  beforeAll(async () => {
    const inner = createHttpHandler(dualEraServer());
    upstream = await serve((request) => {
      seenByUpstream.push(request.headers.get("authorization"));
      return inner(request);
    });
    gateway = createGateway({
      upstreams: { tools: { url: `${upstream.url}/mcp`, auth: { type: "bearer", token: "the-gateway-own-key" } } },
      server: { pageSize: 2 },
      policy: [
        { principals: [`${ISSUER}#alice`], effect: "allow" },
        { principals: [`${ISSUER}#bob`], items: ["tools_greet", "tools_two-*"], effect: "allow" },
        { scope: "tools:all", effect: "allow" },
      ],
    });
    await gateway.start();
    const { publicKey, privateKey } = await generateKeyPair("ES256");
    const jwk: JWK = { ...(await exportJWK(publicKey)), kid: "k1", alg: "ES256", use: "sig" };
    let resource = "";
    let handler: ((r: Request) => Promise<Response>) | undefined;
    front = await serve((r) => handler!(r));
    resource = `${front.url}/mcp`;
    handler = protect(createHttpHandler(gateway.server), { resource, authorizationServers: [ISSUER], verify: jwtVerifier({ jwks: { keys: [jwk] }, issuer: ISSUER, audience: resource }) });
    token = (sub, scope) =>
      new SignJWT({ ...(scope && { scope }) }).setProtectedHeader({ alg: "ES256", kid: "k1" }).setIssuer(ISSUER).setSubject(sub).setAudience(resource).setIssuedAt().setExpirationTime("5m").sign(privateKey);
  }, 60_000);
  afterAll(async () => {
    await front?.close();
    await gateway?.close();
    await upstream?.close();
  });

  const clientOf = async (sub: string, scope?: string) => frontClient(httpTransport(`${front.url}/mcp`, { headers: { authorization: `Bearer ${await token(sub, scope)}` } }));

  it("shows each caller what the policy allows it, as a private list", async () => {
    const { client: alice } = await clientOf("alice");
    const { client: bob } = await clientOf("bob");
    const all = (await alice.listAllTools()).map((t) => t.name);
    expect(all).toEqual(expect.arrayContaining(["tools_greet", "tools_two-questions", "tools_ask-model", "tools_cancellations"]));
    const page = await bob.listTools();
    expect(page.tools.map((t) => t.name).sort()).toEqual(["tools_greet", "tools_two-questions"]);
    expect(page.cacheScope).toBe("private");
  });

  it("refuses a hidden tool exactly as a tool that does not exist, and serves an allowed one", async () => {
    const { client: bob } = await clientOf("bob");
    const hidden = await bob.callTool("tools_cancellations").then(() => undefined, (e: { code: number; message: string }) => e);
    const missing = await bob.callTool("tools_nope").then(() => undefined, (e: { code: number; message: string }) => e);
    expect(hidden?.code).toBe(-32602);
    expect(hidden?.message).toContain("Unknown tool: tools_cancellations");
    expect(hidden?.message.replace("tools_cancellations", "X")).toBe(missing?.message.replace("tools_nope", "X"));
    expect(textOf(await bob.callTool("tools_two-questions"))).toBe("Ada likes green");
  });

  it("lets a scope open what the principal's rule does not", async () => {
    const { client: carol } = await clientOf("carol", "tools:all");
    expect(textOf(await carol.callTool("tools_cancellations"))).toMatch(/^\d+$/);
    const { client: dave } = await clientOf("dave");
    expect((await dave.listTools()).tools).toEqual([]);
  });

  it("pages each caller's own list with sealed cursors that another caller, another list or a changed byte cannot use", async () => {
    const { client: alice } = await clientOf("alice");
    const { client: bob } = await clientOf("bob");
    const first = await alice.listTools();
    expect(first.tools).toHaveLength(2);
    expect(first.nextCursor).toBeDefined();
    expect((await alice.listAllTools()).length).toBeGreaterThan(2);
    const cursor = first.nextCursor!;
    // Opaque: the caller and the position it holds cannot be read from it (a 5-letter run in random bytes is a 1 in 10^12 chance).
    expect(Buffer.from(cursor, "base64url").toString("latin1")).not.toMatch(/alice|issuer\.example/);
    const refused = (p: Promise<unknown>) => p.then(() => undefined, (e: { code: number; message: string }) => e);
    expect(await refused(bob.listTools({ cursor }))).toMatchObject({ code: -32602 });
    expect(await refused(alice.listPrompts({ cursor }))).toMatchObject({ code: -32602 });
    const flipped = cursor.slice(0, 10) + (cursor[10] === "A" ? "B" : "A") + cursor.slice(11);
    expect(await refused(alice.listTools({ cursor: flipped }))).toMatchObject({ code: -32602 });
    expect((await alice.listTools({ cursor })).tools.map((t) => t.name)).not.toEqual(first.tools.map((t) => t.name));
  });

  it("never passes a front token upstream: the upstream sees only the gateway's own credential", async () => {
    expect(seenByUpstream.length).toBeGreaterThan(0);
    expect(new Set(seenByUpstream)).toEqual(new Set(["Bearer the-gateway-own-key"]));
  });
});
