/**
 * The MCP endpoint made an OAuth 2.1 protected resource with `protect`: it
 * publishes its protected-resource metadata (which authorization server to
 * ask), verifies JWT access tokens against that server's JWKS, requires its
 * own URL in their audience and `notes:read` in their scopes, and takes
 * DPoP-bound tokens with a proof of the key on every request.
 */
import type { AddressInfo } from "node:net";
import { createHttpHandler, type McpServer } from "@mrtr/server";
import { jwtVerifier, protect, type RejectionReason } from "@mrtr/server/auth";
import { createNodeServer } from "@mrtr/server/node";

/** Where the tokens come from: the authorization server's issuer and its JWKS URL. */
export interface TokenIssuer {
  issuer: string;
  jwksUrl: string;
}

/** A running protected endpoint. */
export interface ProtectedEndpoint {
  /** The MCP endpoint's URL: the resource identifier tokens must be issued for. */
  url: string;
  /** Why each refused request was refused, in order (for logs; never the token). */
  rejections: RejectionReason[];
  close(): Promise<void>;
}

/** Serves `server` at /mcp on a free loopback port, behind `protect`. */
export async function serveProtected(server: McpServer, { issuer, jwksUrl }: TokenIssuer): Promise<ProtectedEndpoint> {
  const rejections: RejectionReason[] = [];
  let handler: ((request: Request) => Promise<Response>) | undefined;
  // The resource identifier is the endpoint's URL, which names the port: known once listening.
  const http = createNodeServer((request) => handler!(request));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const resource = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;

  handler = protect(createHttpHandler(server, { path: "/mcp" }), {
    resource,
    authorizationServers: [issuer],
    // Asked for in 401 challenges and required of every request; add_note asks for notes:write itself.
    requiredScopes: ["notes:read"],
    scopesSupported: ["notes:read", "notes:write"],
    // The signature, iss, exp and aud (this endpoint, and no other) are checked; typ at+jwt marks an access token (RFC 9068).
    verify: jwtVerifier({ jwksUrl, issuer, audience: resource, typ: "at+jwt" }),
    // Take DPoP-bound tokens with proofs. Bearer tokens that are not bound stay accepted (required: true refuses them too);
    // a bound one presented as Bearer is refused either way.
    dpop: { algorithms: ["ES256"] },
    onRejected: (reason) => rejections.push(reason),
  });

  return {
    url: resource,
    rejections,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
