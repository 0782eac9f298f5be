/**
 * What a verified access token says about the request: who (subject, client),
 * for what (audience), allowed to do what (scopes), until when. `protect`
 * attaches it to the `Request` it let through; `authInfoOf(request)` reads it
 * back (the HTTP handler does, and `server.handle` when a binding leaves its
 * `auth` option out), for `ctx.auth` and the default principal.
 * The token itself is not kept: a server must never pass it on.
 */

/** A verified access token's facts. */
export interface AuthInfo {
  /** The token's subject (`sub`): the user, or the client for client-credentials tokens. */
  subject?: string;
  /** The granted scopes. */
  scopes: readonly string[];
  /** The client the token was issued to (`client_id` or `azp`). */
  clientId?: string;
  /** The issuer (`iss`). */
  issuer?: string;
  /** The audiences the token is valid for (`aud`); `protect` requires one of them to be this server's resource. */
  audience?: readonly string[];
  /** Epoch ms at which the token expires (`exp`). */
  expiresAt?: number;
  /**
   * The token's confirmation (`cnf`, RFC 7800): `jkt` is the RFC 7638 SHA-256
   * thumbprint of the key a DPoP-bound token is bound to (RFC 9449 §6). A
   * token with a `jkt` is only accepted with a DPoP proof signed by that key
   * (`protect`'s `dpop` option); other members stay in `claims`.
   */
  confirmation?: {
    /** The SHA-256 thumbprint (RFC 7638) of the key the token is bound to. */
    readonly jkt?: string;
  };
  /** All verified claims (JWT) or introspection fields, for application checks. */
  claims?: Readonly<Record<string, unknown>>;
}

const byRequest = new WeakMap<object, AuthInfo>();

/** The auth info `protect` attached to `request` (the host's request a handler sees as `ctx.request`), if any. */
export function authInfoOf(request: unknown): AuthInfo | undefined {
  return request !== null && typeof request === "object" ? byRequest.get(request) : undefined;
}

/** Attaches verified auth info to a request (used by `protect`; exported for custom transports). */
export function attachAuthInfo(request: object, info: AuthInfo): void {
  byRequest.set(request, info);
}

/**
 * The principal string a verified token stands for: issuer and subject. A
 * token without a subject (some client-credentials tokens) stands for its
 * client: RFC 9068 §2.2 has `sub` name the client when no user is involved, so
 * the client id takes the subject's place. Undefined with neither.
 */
export function principalOf(info: AuthInfo | undefined): string | undefined {
  const who = info?.subject || info?.clientId;
  if (!info || !who) return undefined;
  return info.issuer ? `${info.issuer}#${who}` : who;
}
