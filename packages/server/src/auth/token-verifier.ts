/**
 * Bearer-token verification. A `TokenVerifier` turns a token into `AuthInfo`
 * or throws `InvalidTokenError`; `jwtVerifier` checks JWT access tokens
 * against a JWKS (jose), and any other function (RFC 7662 introspection,
 * a database lookup) can take its place.
 */
import { createLocalJWKSet, createRemoteJWKSet, customFetch, jwtVerify, type FetchImplementation, type JSONWebKeySet, type JWTPayload } from "jose";
import type { AuthInfo } from "./auth-info.js";

/** The token is malformed, forged, expired or not for this server: the request gets 401 invalid_token. */
export class InvalidTokenError extends Error {
  constructor(message = "The access token is invalid or expired.") {
    super(message);
    this.name = "InvalidTokenError";
  }
}

/** Verifies a bearer token; throws `InvalidTokenError` (or returns undefined) when it is not valid. */
export type TokenVerifier = (token: string, request: Request) => AuthInfo | undefined | Promise<AuthInfo | undefined>;

/** Options of `jwtVerifier`. */
export interface JwtVerifierOptions {
  /** The authorization server's JWKS URL (`jwks_uri` of its metadata). Either this or `jwks`. */
  jwksUrl?: string | URL;
  /** A fixed key set instead of a URL. */
  jwks?: JSONWebKeySet;
  /** Accepted issuer(s), exactly as in the tokens' `iss`. */
  issuer: string | readonly string[];
  /** Accepted audience(s): this server's resource identifier. */
  audience: string | readonly string[];
  /** Accepted signature algorithms (default RS256, PS256, ES256, EdDSA). Never "none" or HMAC with a public key. */
  algorithms?: readonly string[];
  /** Clock tolerance for exp/nbf/iat, in seconds (default 30). */
  clockToleranceSeconds?: number;
  /** Required JWT `typ` header, e.g. "at+jwt" (RFC 9068); default: any. */
  typ?: string;
  /** Time limit of one JWKS fetch in ms (default 5 000). */
  jwksTimeoutMs?: number;
  /** Minimum time between JWKS refetches when an unknown key id shows up, in ms (default 30 000). */
  jwksCooldownMs?: number;
  /** Largest JWKS response read, in bytes (default 262 144); a larger one fails verification. */
  maxJwksBytes?: number;
  /** The clock (tests). */
  now?: () => number;
}

const DEFAULT_ALGORITHMS = ["RS256", "PS256", "ES256", "EdDSA"];

function scopesOf(payload: JWTPayload): string[] {
  const scope = payload.scope ?? payload.scp;
  if (typeof scope === "string") return scope.split(" ").filter(Boolean);
  if (Array.isArray(scope)) return scope.filter((s): s is string => typeof s === "string");
  return [];
}

/**
 * The DPoP binding of a token's `cnf` claim (RFC 9449 §6.1): `{ jkt }`, or
 * undefined for a token bound to nothing DPoP knows. A `cnf` that is not an
 * object, or whose `jkt` is not a thumbprint, makes the token invalid: a
 * binding that cannot be read must not turn the token into a bearer one.
 */
function confirmationOf(cnf: unknown): { jkt: string } | undefined {
  if (cnf === undefined) return undefined;
  if (cnf === null || typeof cnf !== "object" || Array.isArray(cnf)) throw new InvalidTokenError();
  const { jkt } = cnf as { jkt?: unknown };
  if (jkt === undefined) return undefined;
  if (typeof jkt !== "string" || !/^[A-Za-z0-9_-]{43}$/.test(jkt)) throw new InvalidTokenError();
  return { jkt };
}

/** A fetch for the JWKS that stops reading past `limit` bytes. */
function limitedJwksFetch(limit: number): FetchImplementation {
  return async (url, init) => {
    const response = await fetch(url, init);
    if (Number(response.headers.get("content-length") ?? 0) > limit || !response.body) {
      await response.body?.cancel();
      throw new Error(`JWKS response over ${limit} bytes`);
    }
    const reader = response.body.getReader();
    let text = "";
    const decoder = new TextDecoder();
    for (let size = 0; ; ) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        throw new Error(`JWKS response over ${limit} bytes`);
      }
      text += decoder.decode(value, { stream: true });
    }
    return new Response(text + decoder.decode(), { status: response.status, headers: response.headers });
  };
}

/** A verifier of JWT access tokens signed by the authorization server's keys; `exp` is required. */
export function jwtVerifier(options: JwtVerifierOptions): TokenVerifier {
  if ((options.jwksUrl === undefined) === (options.jwks === undefined)) throw new TypeError("jwtVerifier needs exactly one of jwksUrl and jwks.");
  const keys =
    options.jwks !== undefined
      ? createLocalJWKSet(options.jwks)
      : createRemoteJWKSet(new URL(options.jwksUrl!), {
          timeoutDuration: options.jwksTimeoutMs ?? 5_000,
          cooldownDuration: options.jwksCooldownMs ?? 30_000,
          [customFetch]: limitedJwksFetch(options.maxJwksBytes ?? 262_144),
        });
  const issuers = typeof options.issuer === "string" ? [options.issuer] : [...options.issuer];
  const audiences = typeof options.audience === "string" ? [options.audience] : [...options.audience];
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: issuers,
        audience: audiences,
        algorithms: [...(options.algorithms ?? DEFAULT_ALGORITHMS)],
        clockTolerance: options.clockToleranceSeconds ?? 30,
        requiredClaims: ["exp"],
        ...(options.typ !== undefined && { typ: options.typ }),
        ...(options.now && { currentDate: new Date(options.now()) }),
      }));
    } catch {
      throw new InvalidTokenError();
    }
    const confirmation = confirmationOf(payload.cnf);
    const aud = typeof payload.aud === "string" ? [payload.aud] : (payload.aud ?? []);
    const clientId = typeof payload.client_id === "string" ? payload.client_id : typeof payload.azp === "string" ? payload.azp : undefined;
    return {
      ...(payload.sub !== undefined && { subject: payload.sub }),
      scopes: scopesOf(payload),
      ...(clientId !== undefined && { clientId }),
      ...(payload.iss !== undefined && { issuer: payload.iss }),
      audience: aud,
      ...(payload.exp !== undefined && { expiresAt: payload.exp * 1000 }),
      ...(confirmation && { confirmation }),
      claims: payload,
    };
  };
}
