/**
 * What the authorization layer reports as it works, for logs and UIs. No event
 * carries a token, a code, a secret, a key, an assertion, a verifier or a state.
 */
import type { GrantName } from "./grant.js";

/** One step of the authorization layer, told apart by `type`. */
export type AuthEvent =
  | {
      /** A server answered 401 or 403 with a challenge. */
      type: "challenge";
      /** The server. */
      serverUrl: string;
      /** Its HTTP status. */
      status: 401 | 403;
      /** The scope the challenge asks for, if any. */
      scope?: string;
      /** The challenge's `error`, if any. */
      error?: string;
    }
  | {
      /** The server's protected-resource metadata (RFC 9728) was read. */
      type: "resource-metadata";
      /** The server. */
      serverUrl: string;
      /** Where the metadata was read. */
      url: string;
      /** The resource it names. */
      resource: string;
      /** The authorization servers it lists. */
      authorizationServers: readonly string[];
    }
  | {
      /** An authorization server's metadata was read and checked. */
      type: "authorization-server";
      /** Its issuer identifier. */
      issuer: string;
    }
  | {
      /** A client identity for an authorization server was settled. */
      type: "client";
      /** The authorization server. */
      issuer: string;
      /** How: pre-registered, a Client ID Metadata Document, or dynamic registration. */
      kind: "pre-registered" | "metadata-document" | "dynamic";
      /** The client id it uses there. */
      clientId: string;
    }
  | {
      /** The user was sent to authorize (the interactive flow). */
      type: "authorization-started";
      /** The authorization server. */
      issuer: string;
      /** The scope asked for, if any. */
      scope?: string;
    }
  | {
      /** Tokens for a server were obtained. */
      type: "tokens";
      /** The server they are for. */
      serverUrl: string;
      /** The authorization server that issued them. */
      issuer: string;
      /** The scope requested for them, if any. */
      scope?: string;
      /** When the access token expires, in ms since the epoch, if known. */
      expiresAt?: number;
      /** Whether they came from a refresh token. */
      refreshed: boolean;
    }
  | {
      /** Refreshing the tokens failed; they are dropped. */
      type: "refresh-failed";
      /** The server the tokens were for. */
      serverUrl: string;
      /** The authorization server. */
      issuer: string;
      /** Why, in words. */
      reason: string;
    }
  | {
      /** A token request was sent. */
      type: "token-request";
      /** The authorization server. */
      issuer: string;
      /** The grant used. */
      grant: GrantName;
      /** The scope asked for, if any. */
      scope?: string;
      /** Whether the request carried a DPoP proof. */
      dpop: boolean;
    }
  | {
      /** A server sent a new DPoP nonce; the request is sent again with it. */
      type: "dpop-nonce";
      /** The URL that sent it. */
      url: string;
    };

/** Receives events; a throwing listener is ignored. */
export type AuthEventListener = (event: AuthEvent) => void;
