/**
 * The front's OAuth protection from the file's `front.auth`: `protect` with
 * `jwtVerifier` (`@mrtr/server/auth`). Without `jwksUri`, the JWKS URL is
 * the `jwks_uri` of the issuer's metadata (RFC 8414, then OpenID Connect
 * discovery), read once at start.
 */
import type { ProtectOptions } from "@mrtr/server/auth";
import type { GatewayFrontAuth } from "@mrtr/gateway";

const METADATA_TIMEOUT_MS = 10_000;

/** The metadata URLs of `issuer` to try, in order. */
function metadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "");
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}

/** The issuer's `jwks_uri`, from its metadata; throws an Error saying what was tried. */
export async function discoverJwksUri(issuer: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  const tried: string[] = [];
  for (const url of metadataUrls(issuer)) {
    try {
      const response = await fetchImpl(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(METADATA_TIMEOUT_MS) });
      if (!response.ok) {
        await response.body?.cancel();
        tried.push(`${url} (${response.status})`);
        continue;
      }
      const metadata = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
      if (metadata.issuer !== issuer) {
        tried.push(`${url} (names issuer ${JSON.stringify(metadata.issuer)})`);
        continue;
      }
      if (typeof metadata.jwks_uri === "string") return metadata.jwks_uri;
      tried.push(`${url} (no jwks_uri)`);
    } catch (error) {
      tried.push(`${url} (${(error as Error).message})`);
    }
  }
  throw new Error(`cannot find the JWKS of issuer ${issuer}: tried ${tried.join(", ")}. Set front.auth.jwksUri in the configuration.`);
}

/** `protect`'s options for the front, verifying JWTs with the issuer's keys. */
export async function protectOptionsOf(auth: GatewayFrontAuth): Promise<ProtectOptions> {
  const { jwtVerifier } = await import("@mrtr/server/auth");
  const jwksUrl = auth.jwksUri ?? (await discoverJwksUri(auth.issuer));
  return {
    resource: auth.audience,
    authorizationServers: [auth.issuer],
    verify: jwtVerifier({ jwksUrl, issuer: auth.issuer, audience: auth.audience }),
    ...(auth.scopes && { requiredScopes: auth.scopes }),
  };
}
