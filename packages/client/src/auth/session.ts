/**
 * One authorization session: the state behind `withAuth`. It attaches the
 * token of a server to requests that its resource covers (never another
 * origin), answers 401 by refreshing or authorizing anew (discovery, then
 * either client identity and the code flow, or the configured grant without
 * a user), answers 403 insufficient_scope by step-up with the union of scopes
 * within `maxStepUps`, and serializes authorizations per server. With `dpop`,
 * token and resource requests carry DPoP proofs.
 */
import type * as oauth from "oauth4webapi";
import * as o from "oauth4webapi";
import { boundedFetch, type FetchLike } from "./bounded-fetch.js";
import { clientAuthentication, obtainClient, type ClientIdentityOptions } from "./client-identity.js";
import { clientCredentialsGrant, type ClientCredentialsOptions } from "./client-credentials.js";
import { authorizationRequest, checkAuthorizationResponse, exchangeCode, refreshTokens } from "./code-flow.js";
import { discoverAuthorizationServer, discoverResource, type DiscoveryContext } from "./discovery.js";
import { DPoPBinding, type DPoPOptions } from "./dpop.js";
import { enterpriseManagedGrant, type EnterpriseManagedOptions } from "./enterprise-managed.js";
import { AuthorizationLimitError, DPoPError, InsufficientScopeError, TokenRejectedError, TokenRequestError, UserAgentError } from "./errors.js";
import type { AuthEvent, AuthEventListener } from "./events.js";
import type { GrantContext, TokenGrant } from "./grant.js";
import { jwtBearerGrant, type JwtBearerOptions } from "./jwt-bearer.js";
import { resolveLimits, type AuthLimits, type ResolvedLimits } from "./limits.js";
import { MemoryAuthStore, type AuthStore, type StoredClient, type StoredTokens } from "./store.js";
import { checkEndpoint, resourceCovers, serverKey, type InsecureHttpPolicy } from "./url-policy.js";
import type { UserAgent } from "./user-agent.js";
import { parseResourceChallenge, splitScopes, type BearerChallenge } from "./www-authenticate.js";

/**
 * Options of `withAuth`. Exactly one way of obtaining tokens: `userAgent`
 * (with `client`) for the interactive code flow, or one grant without a user:
 * `clientCredentials`, `jwtBearer` or `enterpriseManaged`. `dpop` goes with any.
 */
export interface AuthOptions {
  /** How this client identifies itself in the code flow (pre-registered, metadata document, dynamic registration). */
  client?: ClientIdentityOptions;
  /** Shows the authorization URL to the user and brings back the redirect (the interactive code flow). */
  userAgent?: UserAgent;
  /** The client credentials grant (RFC 6749 §4.4) with client_secret_basic, client_secret_post or private_key_jwt. */
  clientCredentials?: ClientCredentialsOptions;
  /** The JWT bearer grant (RFC 7523) with an assertion such as a workload identity token (SEP-1933). */
  jwtBearer?: JwtBearerOptions;
  /** Enterprise-managed authorization (SEP-990): identity assertion → ID-JAG at the IdP → JWT bearer grant. */
  enterpriseManaged?: EnterpriseManagedOptions;
  /** DPoP (RFC 9449): sender-constrained tokens, proofs on token and resource requests (`true`: a fresh ES256 key pair). */
  dpop?: boolean | DPoPOptions;
  /** Where tokens and registrations are kept (default: in memory). */
  store?: AuthStore;
  /** Ask for `offline_access` (refresh tokens) when the authorization server lists it in scopes_supported (default true). */
  offlineAccess?: boolean;
  /** Picks one of the protected resource's authorization servers (default: the first). */
  selectAuthorizationServer?: (issuers: readonly string[]) => string;
  /** Where plain http is accepted for metadata and authorization-server endpoints (default "loopback"). */
  insecureHttp?: InsecureHttpPolicy;
  /** Limits of responses, waits and step-ups (each absent one is its {@link DEFAULT_LIMITS} value). */
  limits?: AuthLimits;
  /** Progress events, for logs and UIs; they never carry secrets. */
  onEvent?: AuthEventListener;
  /** The clock, in epoch ms (tests). */
  now?: () => number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The grant without a user that the options configure, if any; throws unless exactly one way of obtaining tokens is set. */
function grantOf(options: AuthOptions): TokenGrant | undefined {
  const set = (["userAgent", "clientCredentials", "jwtBearer", "enterpriseManaged"] as const).filter((k) => options[k] !== undefined);
  if (set.length !== 1) {
    throw new TypeError(
      set.length === 0
        ? "withAuth needs one way of obtaining tokens: userAgent (callbackUserAgent, or loopbackUserAgent from @mrtr/client/auth/node), clientCredentials, jwtBearer or enterpriseManaged."
        : `withAuth takes one way of obtaining tokens, not ${set.join(" and ")}.`,
    );
  }
  if (options.clientCredentials) return clientCredentialsGrant(options.clientCredentials);
  if (options.jwtBearer) return jwtBearerGrant(options.jwtBearer);
  if (options.enterpriseManaged) return enterpriseManagedGrant(options.enterpriseManaged);
  if (!options.client?.name) throw new TypeError("withAuth needs client.name (the client's display name) for the interactive flow.");
  return undefined;
}

/** The state behind one `withAuth` fetch. */
export class AuthSession {
  readonly #fetch: FetchLike;
  readonly #options: AuthOptions;
  readonly #limits: ResolvedLimits;
  readonly #store: AuthStore;
  readonly #discovery: DiscoveryContext;
  readonly #insecure: InsecureHttpPolicy;
  readonly #issuers = new Map<string, oauth.AuthorizationServer>();
  readonly #locks = new Map<string, Promise<unknown>>();
  readonly #now: () => number;
  readonly #grant: TokenGrant | undefined;
  readonly #dpop: DPoPBinding | undefined;

  constructor(fetch: FetchLike, options: AuthOptions) {
    if (!options || typeof options !== "object") throw new TypeError("withAuth needs options.");
    this.#grant = grantOf(options);
    this.#dpop = options.dpop ? new DPoPBinding(options.dpop) : undefined;
    this.#fetch = fetch;
    this.#options = options;
    this.#limits = resolveLimits(options.limits);
    this.#store = options.store ?? new MemoryAuthStore();
    this.#insecure = options.insecureHttp ?? "loopback";
    this.#now = options.now ?? Date.now;
    this.#discovery = { fetch: boundedFetch(fetch, this.#limits), insecureHttp: this.#insecure };
  }

  #emit(event: AuthEvent): void {
    try {
      this.#options.onEvent?.(event);
    } catch {
      // a listener must not change the outcome
    }
  }

  /** oauth4webapi request options for an endpoint: the bounded fetch, and http only where the policy allows. */
  #requestOptions = (url: string) => ({
    [o.customFetch]: this.#discovery.fetch as never,
    ...(checkEndpoint(url, this.#insecure) && { [o.allowInsecureRequests]: true }),
  });

  /** Options for a token request: those of `#requestOptions`, and the DPoP handle when DPoP is on. */
  #tokenOptions = async (url: string, dpop = true): Promise<oauth.TokenEndpointRequestOptions> => ({
    ...this.#requestOptions(url),
    ...(dpop && this.#dpop && { DPoP: await this.#dpop.handle() }),
  });

  /** Runs `task` after every earlier task for `key`. */
  async #exclusive<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#locks.get(key) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(task);
    this.#locks.set(key, run);
    try {
      return await run;
    } finally {
      if (this.#locks.get(key) === run) this.#locks.delete(key);
    }
  }

  async fetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const key = serverKey(url);
    let tokens = await this.#usableTokens(key, url);
    let refreshed = false;
    let authorized = false;
    let stepUps = 0;
    let nonceRetried = false;
    for (let round = 0; round < this.#limits.maxStepUps + 5; round++) {
      const response = await this.#send(request, url, tokens);
      if (response.status !== 401 && response.status !== 403) return response;
      const dpopSent = tokens?.tokenType === "DPoP" && resourceCovers(tokens.resource, url);
      const challenge = parseResourceChallenge(response.headers.get("www-authenticate"), dpopSent ? "dpop" : "bearer");
      if (response.status === 403 && challenge?.error !== "insufficient_scope") return response;
      await response.body?.cancel().catch(() => undefined);
      this.#emit({ type: "challenge", serverUrl: key, status: response.status as 401 | 403, ...(challenge?.scope !== undefined && { scope: challenge.scope }), ...(challenge?.error !== undefined && { error: challenge.error }) });
      if (response.status === 401 && dpopSent && challenge?.scheme === "dpop" && challenge.error === "use_dpop_nonce") {
        // RFC 9449 §9: the handle kept the server's DPoP-Nonce; one retry with it per request.
        if (nonceRetried) throw new DPoPError("nonce_loop", `${key} asked for a new DPoP nonce again right after the retry with its nonce; gave up. Tell the server's operator.`);
        nonceRetried = true;
        this.#emit({ type: "dpop-nonce", url: key });
        continue;
      }
      const sent = tokens;
      if (response.status === 401) {
        if (authorized) throw new TokenRejectedError(key);
        tokens = await this.#exclusive(key, async () => {
          const current = await this.#store.getTokens(key);
          if (current && current.accessToken !== sent?.accessToken && resourceCovers(current.resource, url)) return current; // renewed meanwhile
          if (current?.refreshToken && !refreshed && !this.#grant) {
            refreshed = true;
            const renewed = await this.#refresh(key, current);
            if (renewed) return renewed;
          }
          authorized = true;
          return this.#authorize(url, key, challenge, current, request.signal);
        });
        continue;
      }
      if (stepUps >= this.#limits.maxStepUps) throw new InsufficientScopeError(splitScopes(challenge?.scope), stepUps);
      stepUps++;
      tokens = await this.#exclusive(key, async () => {
        const current = await this.#store.getTokens(key);
        return this.#authorize(url, key, challenge, current ?? sent, request.signal);
      });
    }
    throw new InsufficientScopeError([], stepUps);
  }

  /** The stored tokens for `key` if they may go to `url`, refreshed first when expired. */
  async #usableTokens(key: string, url: URL): Promise<StoredTokens | undefined> {
    const tokens = await this.#store.getTokens(key);
    if (!tokens || !resourceCovers(tokens.resource, url)) return undefined;
    if (tokens.expiresAt === undefined || this.#now() < tokens.expiresAt - this.#limits.expirySkewMs) return tokens;
    const grant = this.#grant;
    if (!grant && !tokens.refreshToken) return undefined;
    return this.#exclusive(key, async () => {
      const current = await this.#store.getTokens(key);
      if (current && current.accessToken !== tokens.accessToken) return current;
      // A grant without a user simply asks again, for the same resource and scopes, at the same issuer.
      if (grant) return this.#obtain(grant, key, await this.#issuer(tokens.issuer), tokens.resource, tokens.scope);
      return this.#refresh(key, tokens);
    });
  }

  /**
   * Sends the request with the token when the token's resource covers the
   * URL. Redirects are followed by hand: with the token while they stay
   * inside the resource, without it (and without any Authorization header)
   * once they leave it.
   */
  async #send(request: Request, url: URL, tokens: StoredTokens | undefined): Promise<Response> {
    if (!tokens || !resourceCovers(tokens.resource, url)) return this.#fetch(request.clone());
    let current = request.clone();
    let target = url;
    for (let hops = 0; ; hops++) {
      const headers = new Headers(current.headers);
      headers.set("authorization", `Bearer ${tokens.accessToken}`);
      const response = tokens.tokenType === "DPoP" ? await this.#sendWithProof(current.clone(), tokens) : await this.#fetch(new Request(current.clone(), { headers, redirect: "manual" }));
      if (response.type === "opaqueredirect") {
        // A browser hides the target; its fetch drops Authorization on cross-origin hops itself.
        return this.#fetch(new Request(current.clone(), { headers, redirect: "follow" }));
      }
      const location = response.headers.get("location");
      if (!REDIRECTS.has(response.status) || location === null) return response;
      await response.body?.cancel().catch(() => undefined);
      if (hops >= this.#limits.maxRedirects) {
        throw new AuthorizationLimitError("maxRedirects", `${url.href} redirected more than ${this.#limits.maxRedirects} times; raise limits.maxRedirects if that is expected.`);
      }
      const next = new URL(location, target);
      const toGet = response.status === 303 || ((response.status === 301 || response.status === 302) && current.method === "POST");
      const method = toGet ? "GET" : current.method;
      const nextHeaders = new Headers(current.headers);
      nextHeaders.delete("authorization");
      if (toGet) {
        nextHeaders.delete("content-type");
        nextHeaders.delete("content-length");
      }
      const body = toGet || method === "GET" || method === "HEAD" ? undefined : await current.clone().arrayBuffer();
      const nextInit: RequestInit = { method, headers: nextHeaders, ...(body !== undefined && { body }), signal: current.signal };
      if (!resourceCovers(tokens.resource, next)) return this.#fetch(new Request(next, { ...nextInit, redirect: "follow" }));
      current = new Request(next, nextInit);
      target = next;
    }
  }

  /**
   * Sends a request with a DPoP-bound token: oauth4webapi adds the proof (with
   * `ath`) and `Authorization: DPoP`, and keeps any `DPoP-Nonce` the server
   * answers. Redirects are not followed here (`#send` does that).
   */
  async #sendWithProof(request: Request, tokens: StoredTokens): Promise<Response> {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    headers.delete("authorization");
    headers.delete("dpop");
    const body = request.method === "GET" || request.method === "HEAD" ? null : await request.arrayBuffer();
    try {
      return await o.protectedResourceRequest(tokens.accessToken, request.method, url, headers, body, {
        DPoP: await this.#dpop!.handle(),
        signal: request.signal,
        // The MCP endpoint is the one the application chose; its scheme is not ours to police.
        [o.allowInsecureRequests]: true,
        [o.customFetch]: ((input: string, init: RequestInit) => this.#fetch(input, init)) as never,
      });
    } catch (error) {
      // A challenge (401, 403, or a nonce request) is the caller's to read.
      if (error instanceof o.WWWAuthenticateChallengeError) return error.response;
      throw error;
    }
  }

  async #issuer(issuer: string): Promise<oauth.AuthorizationServer> {
    const known = this.#issuers.get(issuer);
    if (known) return known;
    const metadata = await discoverAuthorizationServer(this.#discovery, issuer, { requirePkce: !this.#grant });
    this.#issuers.set(issuer, metadata);
    this.#emit({ type: "authorization-server", issuer });
    return metadata;
  }

  /** The client that tokens were issued to, for a refresh. */
  async #clientFor(tokens: StoredTokens): Promise<StoredClient | undefined> {
    const options = this.#options.client;
    if (!options) return undefined;
    const pre = options.preRegistered?.[tokens.issuer];
    if (pre && pre.clientId === tokens.clientId) {
      const as = await this.#issuer(tokens.issuer);
      return obtainClient({ store: this.#store, requestOptions: this.#requestOptions }, { ...options, dynamicRegistration: false }, as, "");
    }
    if (options.metadataUrl === tokens.clientId) return { kind: "metadata-document", clientId: tokens.clientId, tokenEndpointAuthMethod: "none" };
    const stored = await this.#store.getClient(tokens.issuer);
    return stored?.clientId === tokens.clientId ? stored : undefined;
  }

  /** Uses the refresh token; on any failure forgets the tokens and returns undefined (a new authorization follows). */
  async #refresh(key: string, tokens: StoredTokens): Promise<StoredTokens | undefined> {
    try {
      const as = await this.#issuer(tokens.issuer);
      const client = await this.#clientFor(tokens);
      if (!client) throw new TokenRequestError("The client the tokens were issued to is no longer known.");
      const renewed = await refreshTokens(as, { client_id: client.clientId }, clientAuthentication(client), tokens, await this.#tokenOptions(as.token_endpoint!), this.#now(), this.#dpop);
      await this.#store.setTokens(key, renewed);
      this.#emit({ type: "tokens", serverUrl: key, issuer: renewed.issuer, ...(renewed.scope !== undefined && { scope: renewed.scope }), ...(renewed.expiresAt !== undefined && { expiresAt: renewed.expiresAt }), refreshed: true });
      return renewed;
    } catch (error) {
      await this.#store.setTokens(key, undefined);
      this.#emit({ type: "refresh-failed", serverUrl: key, issuer: tokens.issuer, reason: error instanceof Error ? error.message : "unknown" });
      return undefined;
    }
  }

  /** The scopes to ask for: the union of what was asked before and the challenge (else the resource's scopes_supported), plus offline_access when offered. */
  #scopes(challenge: BearerChallenge | undefined, previous: StoredTokens | undefined, scopesSupported: string[] | undefined, as: oauth.AuthorizationServer, offline = this.#options.offlineAccess !== false): string | undefined {
    const before = splitScopes(previous?.scope).filter((s) => s !== "offline_access");
    const challenged = splitScopes(challenge?.scope);
    const wanted = new Set([...before, ...(challenged.length > 0 ? challenged : before.length > 0 ? [] : (scopesSupported ?? []))]);
    if (wanted.size > 0 && offline && as.scopes_supported?.includes("offline_access")) wanted.add("offline_access");
    return wanted.size > 0 ? [...wanted].join(" ") : undefined;
  }

  /** One token request of the grant without a user; the tokens are stored for `key`. */
  async #obtain(grant: TokenGrant, key: string, as: oauth.AuthorizationServer, resource: string, scope: string | undefined): Promise<StoredTokens> {
    this.#emit({ type: "token-request", issuer: as.issuer, grant: grant.name, ...(scope !== undefined && { scope }), dpop: this.#dpop !== undefined });
    const ctx: GrantContext = {
      as,
      resource,
      scope,
      requestOptions: this.#tokenOptions,
      dpop: this.#dpop,
      discover: (issuer) => discoverAuthorizationServer(this.#discovery, issuer, { requirePkce: false }),
      now: this.#now,
    };
    const tokens = await grant.obtain(ctx);
    await this.#store.setTokens(key, tokens);
    this.#emit({ type: "tokens", serverUrl: key, issuer: as.issuer, ...(scope !== undefined && { scope }), ...(tokens.expiresAt !== undefined && { expiresAt: tokens.expiresAt }), refreshed: false });
    return tokens;
  }

  /** A full authorization: discovery, then the grant without a user, or client identity, the code flow and the token request. */
  async #authorize(url: URL, key: string, challenge: BearerChallenge | undefined, previous: StoredTokens | undefined, signal: AbortSignal): Promise<StoredTokens> {
    const resource = await discoverResource(this.#discovery, url, challenge);
    this.#emit({ type: "resource-metadata", serverUrl: key, url: resource.url, resource: resource.resource, authorizationServers: resource.authorizationServers });
    const issuer = this.#options.selectAuthorizationServer?.(resource.authorizationServers) ?? resource.authorizationServers[0]!;
    // Metadata is read anew for each authorization: the server may have moved.
    this.#issuers.delete(issuer);
    const as = await this.#issuer(issuer);
    const grant = this.#grant;
    if (grant) {
      const configured = splitScopes(grant.scope);
      const scope = configured.length > 0 ? [...new Set([...configured, ...splitScopes(challenge?.scope)])].join(" ") : this.#scopes(challenge, previous, resource.scopesSupported, as, false);
      return this.#obtain(grant, key, as, resource.resource, scope);
    }
    const userAgent = this.#options.userAgent!;
    const clientOptions = this.#options.client!;
    const redirectUri = await userAgent.redirectUri();
    const client = await obtainClient({ store: this.#store, requestOptions: this.#requestOptions }, clientOptions, as, redirectUri);
    this.#emit({ type: "client", issuer, kind: client.kind, clientId: client.clientId });
    const scope = this.#scopes(challenge, previous, resource.scopesSupported, as);
    const pending = await authorizationRequest(as, client.clientId, redirectUri, resource.resource, scope);
    this.#emit({ type: "authorization-started", issuer, ...(scope !== undefined && { scope }) });
    const timeout = AbortSignal.timeout(this.#limits.authorizationTimeoutMs);
    let redirectedTo: URL;
    try {
      redirectedTo = await userAgent.authorize(pending.url, { signal: AbortSignal.any([timeout, signal]) });
    } catch (error) {
      if (timeout.aborted) {
        throw new AuthorizationLimitError("authorizationTimeoutMs", `The login was not completed within ${this.#limits.authorizationTimeoutMs} ms; try again, or raise limits.authorizationTimeoutMs.`);
      }
      if (error instanceof UserAgentError) throw error;
      throw new UserAgentError(`The user-agent step failed: ${error instanceof Error ? error.message : "unknown failure"}`);
    }
    const params = checkAuthorizationResponse(as, client.clientId, pending, redirectedTo);
    let tokens: StoredTokens;
    try {
      tokens = await exchangeCode(as, { client_id: client.clientId }, clientAuthentication(client), params, pending, resource.resource, scope, await this.#tokenOptions(as.token_endpoint!), this.#now(), this.#dpop);
    } catch (error) {
      // A dynamic registration the server no longer knows is dropped, so the next attempt registers anew.
      if (error instanceof TokenRequestError && error.oauthError === "invalid_client" && client.kind === "dynamic") await this.#store.setClient(issuer, undefined);
      throw error;
    }
    await this.#store.setTokens(key, tokens);
    this.#emit({ type: "tokens", serverUrl: key, issuer, ...(scope !== undefined && { scope }), ...(tokens.expiresAt !== undefined && { expiresAt: tokens.expiresAt }), refreshed: false });
    return tokens;
  }
}
