/**
 * What a verified access token says about the request: who (subject, client),
 * for what (audience), allowed to do what (scopes), until when. `protect`
 * attaches it to the `Request` it let through; `authInfoOf(request)` reads it
 * back (the server's `handle` does, for `ctx.auth` and the default principal).
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
  /** All verified claims (JWT) or introspection fields, for application checks. */
  claims?: Readonly<Record<string, unknown>>;
}

const byRequest = new WeakMap<object, AuthInfo>();

/** The auth info `protect` attached to `request` (the `transport` a handler sees), if any. */
export function authInfoOf(request: unknown): AuthInfo | undefined {
  return request !== null && typeof request === "object" ? byRequest.get(request) : undefined;
}

/** Attaches verified auth info to a request (used by `protect`; exported for custom transports). */
export function attachAuthInfo(request: object, info: AuthInfo): void {
  byRequest.set(request, info);
}

/** The principal string a verified token stands for: issuer and subject, or undefined without a subject. */
export function principalOf(info: AuthInfo | undefined): string | undefined {
  if (!info?.subject) return undefined;
  return info.issuer ? `${info.issuer}#${info.subject}` : info.subject;
}
