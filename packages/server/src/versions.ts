/**
 * Version negotiation (basic/versioning.mdx), on every transport: a request
 * names its version in `_meta`, and one this server does not speak gets
 * `UnsupportedProtocolVersionError` (-32022) listing the versions it does.
 * A legacy `initialize` (shaped as before this revision: no `_meta`
 * protocol version) gets the same error, so a client of an
 * initialize-based revision learns what to ask for ("Backward
 * Compatibility"); a modern-shaped `initialize` is an unknown method like
 * every other removed one.
 */
import { UnsupportedVersionError } from "./errors.js";
import { isRecord } from "@mrtr/internal";


/** The -32022 answer to a legacy `initialize`, or undefined when `message` is not one. */
export function legacyInitialize(message: Record<string, unknown>, supported: readonly string[]): UnsupportedVersionError | undefined {
  if (message.method !== "initialize" || !("id" in message)) return undefined;
  const params = isRecord(message.params) ? message.params : {};
  const meta = isRecord(params._meta) ? params._meta : {};
  if (meta["io.modelcontextprotocol/protocolVersion"] !== undefined) return undefined;
  const requested = typeof params.protocolVersion === "string" ? params.protocolVersion : "none given";
  return new UnsupportedVersionError(requested, supported);
}

/** Throws -32022 unless `version` is one the server speaks. */
export function checkVersion(version: string, supported: readonly string[]): void {
  if (!supported.includes(version)) throw new UnsupportedVersionError(version, supported);
}
