/** Shared fixtures of the request-state tests. */
import { encodeBase64Url } from "../../src/base64url.js";
import { type RequestStateOptions, RequestStateCodec, type StateBinding } from "../../src/request-state/index.js";

/** Test secrets (never use fixed secrets in production: `openssl rand -base64 32`). */
export const SECRET_OLD = "old-secret-0123456789abcdefghijklmnop";
export const SECRET_NEW = "new-secret-0123456789abcdefghijklmnop";
export const SECRET_OTHER = "other-secret-0123456789abcdefghijklm";

export const T0 = Date.UTC(2026, 6, 28, 12, 0, 0);

/** A settable clock. */
export function clock(start = T0) {
  const c = { t: start, now: () => c.t };
  return c;
}

export const binding = (overrides: Partial<StateBinding> = {}): StateBinding => ({
  method: "tools/call",
  paramsDigest: "digest-of-the-params",
  principal: "user-1",
  ...overrides,
});

export const codec = (overrides: Partial<RequestStateOptions> = {}) =>
  new RequestStateCodec({ secrets: [SECRET_NEW], audience: "https://mcp.example.com", ...overrides });

const utf8 = new TextEncoder();

/** The AES key the documented derivation gives for `secret`, computed here independently of the codec. */
export async function documentedKey(secret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", utf8.encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: utf8.encode("mrtr/request-state/v1"), info: utf8.encode("mrtr/request-state/v1 AES-256-GCM sealing key") },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** Seals `plaintext` by hand in the documented token format, with `aad` (default: the header) as additional data. */
export async function handSeal(secret: string, kid: string, plaintext: string, aad = `v1.${kid}`): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: utf8.encode(aad) }, await documentedKey(secret), utf8.encode(plaintext));
  return `v1.${kid}.${encodeBase64Url(iv)}.${encodeBase64Url(new Uint8Array(sealed))}`;
}
