/**
 * The example end to end, in one process: the stand-in authorization server,
 * the protected notes server, and a client signing in as alice, who may read
 * notes but not write them. Checks every outcome (a wrong one exits non-zero).
 */
import assert from "node:assert/strict";
import { InsufficientScopeError } from "@mrtr/client/auth";
import { startAuthorizationServer } from "./authorization-server.js";
import { connectAsUser, textOf } from "./client.js";
import { createNotesServer } from "./notes-server.js";
import { serveProtected } from "./protected-endpoint.js";

const authorizationServer = await startAuthorizationServer({ user: "alice", grantableScopes: ["notes:read"] });
const { server, notes } = createNotesServer();
const endpoint = await serveProtected(server, authorizationServer);
const { client, store, events } = connectAsUser(endpoint.url);

try {
  console.log(`Authorization server (stand-in): ${authorizationServer.issuer}`);
  console.log(`Protected MCP endpoint: ${endpoint.url}`);

  // 1. Without a token: 401, and the challenge says where the protected-resource metadata is.
  const anonymous = await fetch(endpoint.url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  const challenge = anonymous.headers.get("www-authenticate") ?? "";
  assert.equal(anonymous.status, 401);
  assert.match(challenge, /resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource\/mcp"/);
  console.log(`Without a token: ${anonymous.status}, WWW-Authenticate: ${challenge}`);

  // 2. The client meets the same 401, signs in, and calls with a DPoP-bound token.
  const whoami = textOf(await client.callTool("whoami"));
  assert.equal(whoami, `alice (principal ${authorizationServer.issuer}#alice), scopes: notes:read`);
  const registered = events.find((e) => e.type === "client");
  assert.equal(registered?.type === "client" && registered.kind, "dynamic");
  const tokens = await store.getTokens(endpoint.url);
  assert.equal(tokens?.tokenType, "DPoP");
  console.log(`Signed in (client registered dynamically, PKCE, DPoP-bound token); whoami: ${whoami}`);
  console.log(`list_notes: ${textOf(await client.callTool("list_notes"))}`);

  // 3. add_note needs notes:write: 403 insufficient_scope; the client asks again (step-up), alice is not granted it, and it gives up.
  const refused = await client.callTool("add_note", { text: "buy milk" }).then(
    () => undefined,
    (error: unknown) => error,
  );
  assert.ok(refused instanceof InsufficientScopeError, `expected InsufficientScopeError, got ${String(refused)}`);
  const forbidden = events.filter((e) => e.type === "challenge" && e.status === 403);
  assert.ok(forbidden.length > 0 && forbidden.every((e) => e.type === "challenge" && e.error === "insufficient_scope" && e.scope === "notes:write"));
  assert.equal(notes.size, 0);
  const logins = events.filter((e) => e.type === "authorization-started").length;
  console.log(`add_note: 403 insufficient_scope (scope="notes:write") ${forbidden.length} times, ${logins - 1} step-up sign-ins; ${refused.name}: ${refused.message}`);

  // 4. The same token, copied and sent as a Bearer token (without the key, no proof can be made): refused.
  const stolen = await fetch(endpoint.url, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${tokens!.accessToken}` }, body: "{}" });
  assert.equal(stolen.status, 401);
  assert.match(stolen.headers.get("www-authenticate") ?? "", /error="invalid_token"/);
  assert.equal(endpoint.rejections.at(-1), "bearer_dpop_bound_token");
  console.log(`The DPoP-bound token sent as Bearer: ${stolen.status} invalid_token (${endpoint.rejections.at(-1)})`);
} finally {
  await client.close();
  await endpoint.close();
  await authorizationServer.close();
}
