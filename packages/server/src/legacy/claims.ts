/**
 * How a binding tells a legacy message from a modern one
 * (basic/versioning.mdx, "Backward Compatibility"): a modern request
 * carries its protocol version in `_meta`; an `initialize` without it
 * opens an initialize-based session.
 */
import { isRecord } from "@mrtr/internal";

/** Whether `message` is an `initialize` request of an initialize-based revision (no modern `_meta` version). */
export function isLegacyInitialize(message: Record<string, unknown>): boolean {
  if (message.method !== "initialize" || !("id" in message)) return false;
  const params = isRecord(message.params) ? message.params : {};
  const meta = isRecord(params._meta) ? params._meta : {};
  return meta["io.modelcontextprotocol/protocolVersion"] === undefined;
}
