/**
 * Connect links: the defence against URL-mode phishing. The server sends the
 * user (in a URL-mode elicitation) to its own "connect page" with a signed,
 * short-lived token bound to the person the elicitation was made for and to
 * the elicitation itself. The connect page checks the browser session's
 * principal against the token before doing anything, so a link forwarded to,
 * or planted on, someone else is refused.
 *
 * Token: `base64url(payload JSON) "." base64url(HMAC-SHA256)`. The payload
 * holds a version, the elicitation id, the optional purpose, the expiry (ms
 * since the epoch) and a keyed tag of the principal (HMAC, so the principal
 * itself, possibly an email address, does not appear in the URL). It carries
 * no user secret and authenticates nobody: it only says who may use it.
 * WebCrypto only (`globalThis.crypto.subtle`); every comparison of a MAC is
 * `subtle.verify`, which is constant-time.
 */
import { decodeBase64Url as decodeBase64url, encodeBase64Url as encodeBase64url } from "../base64url.js";
import { isLoopbackHost } from "./url-guard.js";

/** Settings of {@link ConnectLinks}. */
export interface ConnectLinkOptions {
  /** HMAC key: at least 32 bytes (a string counts its UTF-8 bytes). Keep it out of source control. */
  secret: string | Uint8Array;
  /** The connect page: an https URL (http only for localhost), without credentials or a `connect` parameter. */
  baseUrl: string;
  /** How long a link stays valid, in seconds. Default 600. */
  ttlSeconds?: number;
  /** Clock, in milliseconds since the epoch. Default `Date.now`. */
  now?: () => number;
}

/** Who a connect link is for and what it completes. */
export interface ConnectBinding {
  /** The authenticated principal (user id) the elicitation was made for. */
  principal: string;
  /** Identifies the elicitation, so the connect page knows what it completes. */
  elicitationId: string;
  /** Optional label of what the flow is for (e.g. `"github-oauth"`). Not secret: it travels in the URL. */
  purpose?: string;
}

/** Why {@link ConnectLinks.verifyConnect} refused a token. */
export type ConnectRefusal = "malformed" | "bad-signature" | "expired" | "wrong-principal";

/** Outcome of {@link ConnectLinks.verifyConnect}. */
export type ConnectVerification =
  | {
      /** The browser's principal may complete this elicitation. */
      ok: true;
      /** What the link was made for. */
      binding: ConnectBinding;
    }
  | {
      /** Refused: show an error page, do not start the flow. */
      ok: false;
      /** Why. */
      reason: ConnectRefusal;
    };

/** The query parameter of the connect page that carries the token. */
export const CONNECT_TOKEN_PARAM = "connect";

/** Longest token accepted or produced, in characters. */
const MAX_TOKEN_LENGTH = 4096;

/** Separates the signed messages of this module from any other use of the key. */
const DOMAIN = "mrtr/elicitation/connect-link/v1";

/** Length of an HMAC-SHA256 output in bytes. */
const MAC_BYTES = 32;

/** The signed payload, as it sits in the token. */
interface Payload {
  /** Format version, 1. */
  v: 1;
  /** Elicitation id. */
  e: string;
  /** Purpose, if any. */
  u?: string;
  /** Expiry, ms since the epoch. */
  x: number;
  /** base64url HMAC tag of the principal. */
  p: string;
}

/** UTF-8 encoder shared by all instances. */
const utf8 = new TextEncoder();

/** The message whose MAC tags a principal. */
function principalMessage(principal: string): Uint8Array<ArrayBuffer> {
  return utf8.encode(`${DOMAIN}\0principal\0${principal}`);
}

/** The message whose MAC signs a payload. */
function payloadMessage(encodedPayload: string): Uint8Array<ArrayBuffer> {
  return utf8.encode(`${DOMAIN}\0payload\0${encodedPayload}`);
}

/** The connect page URL, checked: https (or http on localhost), no credentials, no `connect` parameter (CONNECT_TOKEN_PARAM). */
function connectPageUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`ConnectLinks: baseUrl ${JSON.stringify(baseUrl)} is not an absolute URL`);
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname))) {
    throw new TypeError(`ConnectLinks: baseUrl must be https (http only for localhost), got ${JSON.stringify(baseUrl)}`);
  }
  if (url.username !== "" || url.password !== "") throw new TypeError("ConnectLinks: baseUrl must not carry credentials");
  if (url.searchParams.has(CONNECT_TOKEN_PARAM)) throw new TypeError(`ConnectLinks: baseUrl already has a "${CONNECT_TOKEN_PARAM}" parameter`);
  return url;
}

/** The key bytes, checked to be at least 32 bytes long, copied. */
function keyBytes(secret: unknown): Uint8Array<ArrayBuffer> {
  const bytes = typeof secret === "string" ? utf8.encode(secret) : secret instanceof Uint8Array ? new Uint8Array(secret) : undefined;
  if (bytes === undefined) throw new TypeError("ConnectLinks: secret must be a string or a Uint8Array");
  if (bytes.byteLength < 32) throw new RangeError(`ConnectLinks: secret must be at least 32 bytes, got ${bytes.byteLength}`);
  return bytes;
}

/** The payload in `json` if it has exactly the expected shape, else `undefined`. */
function readPayload(json: unknown): Payload | undefined {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return undefined;
  const { v, e, u, x, p, ...rest } = json as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || v !== 1 || typeof e !== "string" || typeof p !== "string") return undefined;
  if ((u !== undefined && typeof u !== "string") || typeof x !== "number" || !Number.isSafeInteger(x)) return undefined;
  return u === undefined ? { v, e, x, p } : { v, e, u, x, p };
}

/**
 * Makes and checks connect links. Construct one per server with a long-lived
 * secret; put `createUrl(...)` into a URL-mode elicitation, and call
 * `verifyConnect(token, sessionPrincipal)` first thing on the connect page.
 */
export class ConnectLinks {
  /** The HMAC-SHA256 key. */
  readonly #key: Promise<CryptoKey>;
  /** The connect page. */
  readonly #baseUrl: URL;
  /** Lifetime of a link in ms. */
  readonly #ttlMs: number;
  /** The clock. */
  readonly #now: () => number;

  /**
   * @param options Secret, connect page, lifetime and clock.
   * @throws RangeError when the secret is shorter than 32 bytes or `ttlSeconds` is not positive;
   *   TypeError when `baseUrl` is not https (or http on localhost).
   */
  constructor(options: ConnectLinkOptions) {
    const bytes = keyBytes(options.secret);
    this.#baseUrl = connectPageUrl(options.baseUrl);
    const ttl = options.ttlSeconds ?? 600;
    if (!Number.isFinite(ttl) || ttl <= 0) throw new RangeError(`ConnectLinks: ttlSeconds must be a positive number, got ${ttl}`);
    this.#ttlMs = ttl * 1000;
    this.#now = options.now ?? Date.now;
    this.#key = globalThis.crypto.subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    this.#key.catch(() => undefined); // surfaced by the first use, never as an unhandled rejection
  }

  /** HMAC-SHA256 of `message`. */
  async #sign(message: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await globalThis.crypto.subtle.sign("HMAC", await this.#key, message));
  }

  /** Whether `mac` is the HMAC-SHA256 of `message`, compared in constant time. */
  async #verify(mac: Uint8Array<ArrayBuffer>, message: Uint8Array<ArrayBuffer>): Promise<boolean> {
    return globalThis.crypto.subtle.verify("HMAC", await this.#key, mac, message);
  }

  /**
   * The connect page URL for `binding`, valid for `ttlSeconds`: `baseUrl`
   * with the token in its `connect` query parameter (`CONNECT_TOKEN_PARAM`).
   *
   * @throws TypeError when `principal` or `elicitationId` is empty, or the token would be too long.
   */
  async createUrl(binding: ConnectBinding): Promise<string> {
    const { principal, elicitationId, purpose } = binding;
    if (typeof principal !== "string" || principal === "") throw new TypeError("ConnectLinks: binding.principal must be a non-empty string");
    if (typeof elicitationId !== "string" || elicitationId === "") throw new TypeError("ConnectLinks: binding.elicitationId must be a non-empty string");
    if (purpose !== undefined && typeof purpose !== "string") throw new TypeError("ConnectLinks: binding.purpose must be a string");
    const payload: Payload = {
      v: 1,
      e: elicitationId,
      ...(purpose === undefined ? {} : { u: purpose }),
      x: Math.floor(this.#now() + this.#ttlMs),
      p: encodeBase64url(await this.#sign(principalMessage(principal))),
    };
    const encoded = encodeBase64url(utf8.encode(JSON.stringify(payload)));
    const token = `${encoded}.${encodeBase64url(await this.#sign(payloadMessage(encoded)))}`;
    if (token.length > MAX_TOKEN_LENGTH) throw new TypeError("ConnectLinks: elicitationId and purpose are too long for a link");
    const url = new URL(this.#baseUrl);
    url.searchParams.set(CONNECT_TOKEN_PARAM, token);
    return url.href;
  }

  /**
   * Checks a token the connect page received against the principal of the
   * browser session (`undefined` when nobody is signed in). Refuses, in this
   * order: a token that is not one of ours in shape (`malformed`), a forged
   * or altered one (`bad-signature`), an old one (`expired`), and one made
   * for someone else or with no one signed in (`wrong-principal`).
   * Never throws.
   */
  async verifyConnect(token: string, browserPrincipal: string | undefined): Promise<ConnectVerification> {
    try {
      if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: "malformed" };
      const parts = token.split(".");
      const [encoded, signature] = parts;
      if (parts.length !== 2 || encoded === undefined || signature === undefined) return { ok: false, reason: "malformed" };
      const payloadBytes = decodeBase64url(encoded);
      const mac = decodeBase64url(signature);
      if (payloadBytes === undefined || mac === undefined || mac.length !== MAC_BYTES) return { ok: false, reason: "malformed" };

      if (!(await this.#verify(mac, payloadMessage(encoded)))) return { ok: false, reason: "bad-signature" };
      const payload = readPayload(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(payloadBytes)));
      const tag = payload && decodeBase64url(payload.p);
      if (payload === undefined || tag === undefined || tag.length !== MAC_BYTES) return { ok: false, reason: "malformed" };

      if (!(this.#now() < payload.x)) return { ok: false, reason: "expired" };
      if (typeof browserPrincipal !== "string" || browserPrincipal === "") return { ok: false, reason: "wrong-principal" };
      if (!(await this.#verify(tag, principalMessage(browserPrincipal)))) return { ok: false, reason: "wrong-principal" };

      const binding: ConnectBinding = { principal: browserPrincipal, elicitationId: payload.e };
      if (payload.u !== undefined) binding.purpose = payload.u;
      return { ok: true, binding };
    } catch {
      return { ok: false, reason: "malformed" };
    }
  }
}
