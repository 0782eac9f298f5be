/**
 * @mrtr/server/auth: makes an MCP endpoint an OAuth 2.1 protected resource as
 * the draft's authorization pages say: protected-resource metadata, 401/403
 * challenges, token verification (JWT via JWKS, or your own), DPoP-bound
 * tokens (RFC 9449) beside or instead of bearer ones, and the verified
 * identity handed to the server (`ctx.auth`, the principal).
 *
 * @module
 */
export { protect } from "./protect.js";
export type { ProtectOptions, RejectionReason } from "./protect.js";
export type { DPoPOptions, DPoPRejection } from "./dpop.js";
export type { ProofRejection } from "./dpop-proof.js";
export type { DPoPNonceOptions } from "./dpop-nonce.js";
export { DPoPReplayCacheUnavailableError, MemoryDPoPReplayCache } from "./dpop-replay-cache.js";
export type { DPoPReplayCache, MemoryDPoPReplayCacheOptions } from "./dpop-replay-cache.js";
export { jwtVerifier, InvalidTokenError } from "./token-verifier.js";
export type { JwtVerifierOptions, TokenVerifier } from "./token-verifier.js";
export { attachAuthInfo, authInfoOf, principalOf } from "./auth-info.js";
export type { AuthInfo } from "./auth-info.js";
export { bearerChallenge, dpopChallenge, insufficientScope, unauthorized } from "./challenge.js";
export type { ChallengeParams, DPoPChallengeParams } from "./challenge.js";
export { protectedResourceMetadata, resourceMetadataPath, resourceMetadataUrl } from "./resource-metadata.js";
export type { ResourceMetadataOptions } from "./resource-metadata.js";
