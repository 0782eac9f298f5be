/**
 * The client's identity at an authorization server, in the order of
 * client-registration.mdx: pre-registered credentials for that issuer, then a
 * Client ID Metadata Document URL (when the server supports them), then
 * Dynamic Client Registration (RFC 7591). Registrations are kept per issuer,
 * so a new authorization server means a new registration, never a reused one.
 */
import * as oauth from "oauth4webapi";
import { AuthorizationLimitError, ClientRegistrationError } from "./errors.js";
import type { AuthStore, StoredClient } from "./store.js";
import { isLoopbackHost, parseHttpUrl } from "./url-policy.js";

/** The token endpoint authentication methods this layer speaks. */
export type TokenEndpointAuthMethod = "client_secret_basic" | "client_secret_post" | "none";

/** Credentials registered with one authorization server beforehand. */
export interface PreRegisteredClient {
  /** The client id it was registered with. */
  clientId: string;
  /** Its secret, for a confidential client. */
  clientSecret?: string;
  /** Default: `client_secret_basic` or `client_secret_post` (whichever the server lists, basic first) with a secret, `none` without. */
  tokenEndpointAuthMethod?: TokenEndpointAuthMethod;
}

/** How the client identifies itself to authorization servers. */
export interface ClientIdentityOptions {
  /** `client_name` for dynamic registration. */
  name: string;
  /** Pre-registered credentials, by the issuer they were issued by (exactly as in its metadata). */
  preRegistered?: Readonly<Record<string, PreRegisteredClient>>;
  /**
   * The https URL of this client's Client ID Metadata Document, used as
   * `client_id` where the server sets `client_id_metadata_document_supported`.
   * `clientMetadataDocument()` builds the document to host there.
   */
  metadataUrl?: string;
  /** Use Dynamic Client Registration when nothing else applies (default true). */
  dynamicRegistration?: boolean;
  /** `application_type` at registration. Default: "native" for loopback or custom-scheme redirect URIs, else "web". */
  applicationType?: "native" | "web";
  /** Further registration metadata (client_uri, logo_uri, software_id, software_version, contacts, …). */
  metadata?: Readonly<Record<string, unknown>>;
}

const SECRET_METHODS: TokenEndpointAuthMethod[] = ["client_secret_basic", "client_secret_post"];

function supportedMethods(as: oauth.AuthorizationServer): string[] {
  // RFC 8414 §2: absent means client_secret_basic.
  return as.token_endpoint_auth_methods_supported ?? ["client_secret_basic"];
}

function secretMethod(as: oauth.AuthorizationServer): TokenEndpointAuthMethod | undefined {
  const supported = supportedMethods(as);
  return SECRET_METHODS.find((m) => supported.includes(m));
}

function applicationTypeOf(redirectUri: string): "native" | "web" {
  const u = parseHttpUrl(redirectUri);
  if (!u) return "native"; // a custom scheme
  return isLoopbackHost(u.hostname) ? "native" : "web";
}

/** Checks a Client ID Metadata Document URL: https with a path (client-registration.mdx). */
export function checkMetadataUrl(url: string): void {
  const u = parseHttpUrl(url);
  if (!u || u.protocol !== "https:" || u.pathname === "/" || u.hash) {
    throw new TypeError(`client.metadataUrl must be an https URL with a path (got ${JSON.stringify(url)}).`);
  }
}

/** The Client ID Metadata Document to host at `metadataUrl`. */
export function clientMetadataDocument(options: { metadataUrl: string; name: string; redirectUris: string[]; metadata?: Readonly<Record<string, unknown>> }): Record<string, unknown> {
  checkMetadataUrl(options.metadataUrl);
  return {
    ...options.metadata,
    client_id: options.metadataUrl,
    client_name: options.name,
    redirect_uris: options.redirectUris,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  };
}

/** What registration needs besides the options. */
export interface RegistrationContext {
  store: AuthStore;
  requestOptions: (url: string) => oauth.HttpRequestOptions<"POST", string>;
}

/** The client identity to use at `as`, registering dynamically if that is the way. */
export async function obtainClient(ctx: RegistrationContext, options: ClientIdentityOptions, as: oauth.AuthorizationServer, redirectUri: string): Promise<StoredClient> {
  const issuer = as.issuer;
  const pre = options.preRegistered?.[issuer];
  if (pre) {
    const method = pre.tokenEndpointAuthMethod ?? (pre.clientSecret !== undefined ? secretMethod(as) : "none");
    if (!method) {
      throw new ClientRegistrationError(issuer, `The authorization server ${issuer} lists none of client_secret_basic, client_secret_post; set preRegistered tokenEndpointAuthMethod to one it supports.`);
    }
    return { kind: "pre-registered", clientId: pre.clientId, ...(pre.clientSecret !== undefined && { clientSecret: pre.clientSecret }), tokenEndpointAuthMethod: method };
  }
  if (options.metadataUrl !== undefined && as.client_id_metadata_document_supported === true) {
    return { kind: "metadata-document", clientId: options.metadataUrl, tokenEndpointAuthMethod: "none" };
  }
  const stored = await ctx.store.getClient(issuer);
  if (stored && stored.kind === "dynamic" && (stored.redirectUris ?? []).includes(redirectUri)) return stored;
  if (options.dynamicRegistration === false || as.registration_endpoint === undefined) {
    throw new ClientRegistrationError(
      issuer,
      `No client identity for the authorization server ${issuer}: it offers ${as.client_id_metadata_document_supported === true ? "Client ID Metadata Documents (set client.metadataUrl)" : "no Client ID Metadata Documents"}` +
        `${as.registration_endpoint === undefined ? " and no dynamic registration" : " and dynamic registration is turned off"}. Register a client there and pass it in client.preRegistered under ${JSON.stringify(issuer)}.`,
    );
  }
  return register(ctx, options, as, redirectUri);
}

async function register(ctx: RegistrationContext, options: ClientIdentityOptions, as: oauth.AuthorizationServer, redirectUri: string): Promise<StoredClient> {
  const issuer = as.issuer;
  const supported = supportedMethods(as);
  const requested: TokenEndpointAuthMethod | undefined = supported.includes("none") ? "none" : secretMethod(as);
  if (!requested) {
    throw new ClientRegistrationError(issuer, `The authorization server ${issuer} supports none of the token endpoint authentication methods none, client_secret_basic, client_secret_post; register a client by hand and pass it in client.preRegistered.`);
  }
  const metadata = {
    ...options.metadata,
    client_name: options.name,
    redirect_uris: [redirectUri],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: requested,
    application_type: options.applicationType ?? applicationTypeOf(redirectUri),
  };
  let registered: oauth.OmitSymbolProperties<oauth.Client>;
  try {
    const response = await oauth.dynamicClientRegistrationRequest(as, metadata, ctx.requestOptions(as.registration_endpoint!));
    registered = await oauth.processDynamicClientRegistrationResponse(await tolerateMissingExpiry(response));
  } catch (error) {
    if (error instanceof AuthorizationLimitError) throw error;
    const oauthError = error instanceof oauth.ResponseBodyError ? ` (${error.error}${error.error_description ? `: ${error.error_description}` : ""})` : "";
    throw new ClientRegistrationError(
      issuer,
      `Dynamic client registration at ${issuer} failed${oauthError || `: ${(error as Error).message}`}. If it rejects the redirect URI or application type, set client.applicationType or register a client by hand (client.preRegistered).`,
    );
  }
  const secret = typeof registered.client_secret === "string" ? registered.client_secret : undefined;
  const answered = registered.token_endpoint_auth_method;
  let method: string = typeof answered === "string" ? answered : secret !== undefined ? (requested === "none" ? (secretMethod(as) ?? "client_secret_basic") : requested) : "none";
  if (!["client_secret_basic", "client_secret_post", "none"].includes(method)) {
    throw new ClientRegistrationError(issuer, `The authorization server ${issuer} registered this client for token endpoint authentication ${JSON.stringify(method)}, which is not supported; register a client by hand (client.preRegistered).`);
  }
  if (method !== "none" && secret === undefined) method = "none";
  const client: StoredClient = {
    kind: "dynamic",
    clientId: registered.client_id,
    ...(secret !== undefined && { clientSecret: secret }),
    tokenEndpointAuthMethod: method,
    redirectUris: [redirectUri],
  };
  await ctx.store.setClient(issuer, client);
  return client;
}

/**
 * RFC 7591 §3.2.1 requires `client_secret_expires_at` with a secret, but many
 * servers leave it out; it is read as 0 ("does not expire") rather than
 * failing the registration.
 */
async function tolerateMissingExpiry(response: Response): Promise<Response> {
  if (response.status !== 201) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, { status: response.status, headers: response.headers });
  }
  const b = body as Record<string, unknown>;
  const patched = b && typeof b === "object" && typeof b.client_secret === "string" && b.client_secret_expires_at === undefined ? { ...b, client_secret_expires_at: 0 } : body;
  return new Response(JSON.stringify(patched), { status: response.status, headers: response.headers });
}

/**
 * HTTP Basic client authentication (RFC 6749 §2.3.1). The id and secret are
 * percent-encoded as URI components, which leaves unreserved characters such as
 * "-" and "." alone: oauth4webapi's own encoder escapes those too, and
 * authorization servers that do not decode the credentials (common) then
 * refuse ids like "my-client".
 */
export function clientSecretBasic(secret: string): oauth.ClientAuth {
  return (_as, client, _body, headers) => {
    headers.set("authorization", `Basic ${btoa(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(secret)}`)}`);
  };
}

/** oauth4webapi's client authentication for a stored client. */
export function clientAuthentication(client: StoredClient): oauth.ClientAuth {
  switch (client.tokenEndpointAuthMethod) {
    case "client_secret_basic":
      return clientSecretBasic(client.clientSecret ?? "");
    case "client_secret_post":
      return oauth.ClientSecretPost(client.clientSecret ?? "");
    default:
      return oauth.None();
  }
}
