/**
 * @mrtr/client/auth: the OAuth 2.1 client of the draft's authorization pages
 * (and of the client credentials, enterprise-managed, workload identity and
 * DPoP extensions), as a fetch wrapper for `httpTransport`. Browser-safe; the loopback redirect
 * listener for terminal apps is in `@mrtr/client/auth/node`.
 *
 * @module
 */
export { withAuth, authorized } from "./with-auth.js";
export type { AuthOptions } from "./session.js";
export type { FetchLike } from "./bounded-fetch.js";
export type { ClientAuthMethod, ClientCredentials } from "./client-auth.js";
export type { ClientCredentialsOptions } from "./client-credentials.js";
export type { AssertionSource, JwtBearerOptions } from "./jwt-bearer.js";
export type { EnterpriseIdp, EnterpriseManagedOptions } from "./enterprise-managed.js";
export type { DPoPOptions } from "./dpop.js";
export type { GrantName } from "./grant.js";
export type { AuthLimits } from "./limits.js";
export { DEFAULT_LIMITS } from "./limits.js";
export { callbackUserAgent } from "./user-agent.js";
export type { CallbackUserAgent, CallbackUserAgentOptions, UserAgent } from "./user-agent.js";
export { MemoryAuthStore } from "./store.js";
export type { AuthStore, StoredClient, StoredTokens } from "./store.js";
export { clientMetadataDocument } from "./client-identity.js";
export type { ClientIdentityOptions, PreRegisteredClient, TokenEndpointAuthMethod } from "./client-identity.js";
export type { AuthEvent, AuthEventListener } from "./events.js";
export type { InsecureHttpPolicy } from "./url-policy.js";
export { authorizationServerMetadataUrls, resourceMetadataUrls } from "./discovery.js";
export { parseBearerChallenge, parseResourceChallenge } from "./www-authenticate.js";
export type { BearerChallenge, ResourceChallenge } from "./www-authenticate.js";
export {
  AssertionUnavailableError,
  AuthorizationError,
  AuthorizationLimitError,
  AuthorizationResponseError,
  ClientRegistrationError,
  DiscoveryError,
  DPoPError,
  InsecureUrlError,
  InsufficientScopeError,
  IssuerMismatchError,
  PkceUnsupportedError,
  ResourceMismatchError,
  TokenRejectedError,
  TokenRequestError,
  UserAgentError,
} from "./errors.js";
export type { AuthorizationErrorCode, AuthorizationResponseProblem, DPoPProblem } from "./errors.js";
