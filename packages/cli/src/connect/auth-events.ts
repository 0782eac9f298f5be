/**
 * The progress of signing in, in words, for stderr (what a host shows in its
 * logs). Only the steps a person cares about; events never carry secrets.
 */
import type { AuthEvent } from "@mrtr/client/auth";
import { unionScopes } from "./extra-scope.js";

/** A line about `event`, or undefined for the steps not worth a line; `extraScope` is what `--scope` adds to a sign-in. */
export function describeAuthEvent(event: AuthEvent, extraScope?: string): string | undefined {
  switch (event.type) {
    case "authorization-started": {
      const scope = unionScopes(event.scope, extraScope);
      return `signing in at ${event.issuer}${scope ? ` (scope: ${scope})` : ""}; waiting for the browser`;
    }
    case "tokens":
      return event.refreshed ? `access to ${event.serverUrl} renewed` : `signed in to ${event.serverUrl}`;
    case "refresh-failed":
      return `could not renew access to ${event.serverUrl} (${event.reason}); signing in again`;
    case "token-request":
      return event.grant === "client_credentials" ? `asking ${event.issuer} for a token with the client credentials` : undefined;
    default:
      return undefined;
  }
}
