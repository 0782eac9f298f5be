/**
 * `protect`'s DPoP side (RFC 9449 §7, §9, §11): the options, and the check of
 * a request that presents a DPoP-bound token with the `DPoP` scheme. The
 * request must carry exactly one proof (dpop-proof.ts); with nonces
 * configured the proof must carry a current or previous one (dpop-nonce.ts);
 * last, its `jti` is claimed in the replay cache, so only proofs that pass
 * every other check take room there, and a proof is accepted once.
 */
import { DPoPNonces, type DPoPNonceOptions } from "./dpop-nonce.js";
import { checkProof, type ProofRejection } from "./dpop-proof.js";
import { normalizedHtu } from "./dpop-htu.js";
import { ShareExceededError } from "../errors.js";
import { MemoryDPoPReplayCache, type DPoPReplayCache } from "./dpop-replay-cache.js";

/** The `dpop` option of `protect`. */
export interface DPoPOptions {
  /**
   * Accept only DPoP-bound tokens with proofs (default false: Bearer tokens
   * that are not DPoP-bound are accepted too, and the challenges offer both).
   * Published as `dpop_bound_access_tokens_required`.
   */
  required?: boolean;
  /** Accepted proof algorithms, asymmetric only (default ES256, EdDSA, PS256, RS256); published as `dpop_signing_alg_values_supported` and `algs`. */
  algorithms?: readonly string[];
  /** Server-provided nonces (RFC 9449 §9): stateless, HMAC under these secrets, so every instance with the same secrets accepts them. Default: none asked for. */
  nonce?: DPoPNonceOptions;
  /** Where accepted proofs are remembered, by key and `jti` (default: a `MemoryDPoPReplayCache`, this process only). Share one across instances. */
  replayCache?: DPoPReplayCache;
  /** Oldest proof accepted, in seconds since its `iat` (default 60), plus `protect`'s `clockToleranceSeconds`; as far ahead as that tolerance. */
  maxProofAgeSeconds?: number;
  /** Longest accepted proof, in bytes (default 8 192). */
  maxProofBytes?: number;
  /**
   * The origin clients send requests to, e.g. "https://mcp.example.com", when
   * a proxy in front rewrites it (proofs name the URL the client used, `htu`).
   * Default: the origin of the request as the handler receives it.
   */
  publicOrigin?: string;
}

/** Why a DPoP request was refused (for `onRejected`). */
export type DPoPRejection =
  | ProofRejection
  | "dpop_proof_missing"
  | "dpop_proof_multiple"
  | "dpop_nonce_required"
  | "dpop_proof_replayed"
  | "dpop_replay_cache_unavailable"
  | "dpop_replay_share_exceeded";

/** The outcome of checking a DPoP request. */
export type DPoPOutcome =
  | { ok: true; /** A newer nonce for the answer's `DPoP-Nonce`, when the proof used the previous one. */ nonce?: string }
  | {
      ok: false;
      reason: DPoPRejection;
      /** 401; 503 when the replay cache cannot answer; 429 when the caller holds its share of the replay cache (`retryAfterSeconds`). */
      status: 401 | 429 | 503;
      /** With 429: how long to wait before trying again, in seconds. */
      retryAfterSeconds?: number;
      /** The challenge's error (absent with 503). */
      error?: "invalid_dpop_proof" | "invalid_token" | "use_dpop_nonce";
      description: string;
      /** The nonce to send in `DPoP-Nonce` with a `use_dpop_nonce` refusal. */
      nonce?: string;
    };

/** Every JWS algorithm that signs with a key pair. */
const ASYMMETRIC = new Set(["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"]);
const DEFAULT_ALGORITHMS = ["ES256", "EdDSA", "PS256", "RS256"];

/** `value` when it is an http(s) origin and nothing more (no path, query or fragment). */
function originOf(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.href === `${url.origin}/` ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The DPoP check of one `protect`, set up from its options. */
export class DPoPGate {
  readonly required: boolean;
  readonly algorithms: readonly string[];
  readonly #nonces: DPoPNonces | undefined;
  readonly #cache: DPoPReplayCache;
  readonly #maxAgeSeconds: number;
  readonly #maxProofBytes: number;
  readonly #toleranceSeconds: number;
  readonly #publicOrigin: string | undefined;
  readonly #now: () => number;

  /** Throws `RangeError` (or `WeakSecretError` for a nonce secret) for bad options. */
  constructor(options: DPoPOptions, shared: { toleranceSeconds: number; now: () => number }) {
    const { required = false, algorithms = DEFAULT_ALGORITHMS, nonce, replayCache, maxProofAgeSeconds = 60, maxProofBytes = 8192, publicOrigin } = options;
    if (!Array.isArray(algorithms) || algorithms.length === 0 || !algorithms.every((alg) => ASYMMETRIC.has(alg))) {
      throw new RangeError(`protect: dpop.algorithms must list asymmetric JWS algorithms (${[...ASYMMETRIC].join(", ")}).`);
    }
    if (typeof maxProofAgeSeconds !== "number" || !Number.isFinite(maxProofAgeSeconds) || maxProofAgeSeconds <= 0) throw new RangeError("protect: dpop.maxProofAgeSeconds must be a positive number.");
    if (!Number.isSafeInteger(maxProofBytes) || maxProofBytes < 256) throw new RangeError("protect: dpop.maxProofBytes must be a whole number of bytes, at least 256.");
    if (replayCache !== undefined && typeof replayCache?.claim !== "function") throw new RangeError("protect: dpop.replayCache must have a claim(id, expiresAt) method.");
    const origin = publicOrigin === undefined ? undefined : originOf(publicOrigin);
    if (publicOrigin !== undefined && origin === undefined) {
      throw new RangeError(`protect: dpop.publicOrigin must be an http(s) origin such as "https://mcp.example.com" (got ${JSON.stringify(publicOrigin)}).`);
    }
    this.required = required;
    this.algorithms = [...algorithms];
    this.#nonces = nonce === undefined ? undefined : new DPoPNonces(nonce, shared.now);
    this.#cache = replayCache ?? new MemoryDPoPReplayCache({ now: shared.now });
    this.#maxAgeSeconds = maxProofAgeSeconds;
    this.#maxProofBytes = maxProofBytes;
    this.#toleranceSeconds = shared.toleranceSeconds;
    this.#publicOrigin = origin;
    this.#now = shared.now;
  }

  /**
   * Checks the proof of `request`, which presents `token` (verified, bound to
   * the key of thumbprint `jkt`) with the DPoP scheme; `owner` (the token's
   * principal) is whose share of the replay cache the proof counts against.
   */
  async check(request: Request, token: string, jkt: string, owner = `key:${jkt}`): Promise<DPoPOutcome> {
    const proof = request.headers.get("dpop");
    if (proof === null || proof.trim() === "") return this.#refuse("dpop_proof_missing", "Send a DPoP proof in the DPoP header.");
    // Several DPoP header fields arrive joined by ", "; a JWT has no comma.
    if (proof.includes(",")) return this.#refuse("dpop_proof_multiple", "Send exactly one DPoP proof.");
    const url = new URL(request.url);
    const htu = normalizedHtu(this.#publicOrigin === undefined ? url.href : this.#publicOrigin + url.pathname);
    if (htu === undefined) return this.#refuse("dpop_url_mismatch", "The DPoP proof was made for another URL (htu).");
    const now = this.#now();
    const checked = await checkProof(proof.trim(), {
      method: request.method,
      htu,
      accessToken: token,
      jkt,
      algorithms: this.algorithms,
      maxProofBytes: this.#maxProofBytes,
      maxAgeSeconds: this.#maxAgeSeconds,
      toleranceSeconds: this.#toleranceSeconds,
      now,
    });
    if (!checked.ok) return this.#refuse(checked.reason, checked.description);
    let nextNonce: string | undefined;
    if (this.#nonces) {
      const standing = await this.#nonces.check(checked.nonce, jkt);
      if (standing === "refused") {
        return { ok: false, reason: "dpop_nonce_required", status: 401, error: "use_dpop_nonce", description: "Make the DPoP proof again with the nonce in DPoP-Nonce.", nonce: await this.#nonces.issue(jkt) };
      }
      if (standing === "previous") nextNonce = await this.#nonces.issue(jkt);
    }
    // Remembered until the proof's iat leaves the window, when it would be refused anyway.
    const expiresAt = (checked.iat + this.#maxAgeSeconds + this.#toleranceSeconds) * 1000;
    let first: boolean;
    try {
      first = await this.#cache.claim(`${jkt}.${checked.jti}`, expiresAt, owner);
    } catch (error) {
      if (error instanceof ShareExceededError) return { ok: false, reason: "dpop_replay_share_exceeded", status: 429, description: error.message, retryAfterSeconds: error.data.retryAfterSeconds };
      return { ok: false, reason: "dpop_replay_cache_unavailable", status: 503, description: "The DPoP replay check is unavailable; retry later." };
    }
    if (!first) return this.#refuse("dpop_proof_replayed", "This DPoP proof was used before: make a fresh one for each request.");
    return nextNonce === undefined ? { ok: true } : { ok: true, nonce: nextNonce };
  }

  #refuse(reason: DPoPRejection, description: string): DPoPOutcome {
    // A proof by another key is a token used by someone it was not bound to (RFC 9449 §7.1's "invalid DPoP key binding").
    return { ok: false, reason, status: 401, error: reason === "dpop_key_mismatch" ? "invalid_token" : "invalid_dpop_proof", description };
  }
}
