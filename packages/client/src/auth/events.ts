/**
 * What the authorization layer reports as it works, for logs and UIs. No event
 * carries a token, a code, a secret, a key, an assertion, a verifier or a state.
 */
import type { GrantName } from "./grant.js";

/** One step of the authorization layer. */
export type AuthEvent =
  | { type: "challenge"; serverUrl: string; status: 401 | 403; scope?: string; error?: string }
  | { type: "resource-metadata"; serverUrl: string; url: string; resource: string; authorizationServers: readonly string[] }
  | { type: "authorization-server"; issuer: string }
  | { type: "client"; issuer: string; kind: "pre-registered" | "metadata-document" | "dynamic"; clientId: string }
  | { type: "authorization-started"; issuer: string; scope?: string }
  | { type: "tokens"; serverUrl: string; issuer: string; scope?: string; expiresAt?: number; refreshed: boolean }
  | { type: "refresh-failed"; serverUrl: string; issuer: string; reason: string }
  | { type: "token-request"; issuer: string; grant: GrantName; scope?: string; dpop: boolean }
  | { type: "dpop-nonce"; url: string };

/** Receives events; a throwing listener is ignored. */
export type AuthEventListener = (event: AuthEvent) => void;
