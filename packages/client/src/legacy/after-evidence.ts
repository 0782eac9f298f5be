/**
 * What the client's default era (lazy-era.ts) imports once a server has
 * shown it speaks an initialize-based revision: the legacy plugin, told so,
 * wrapping the transport the client was given. Not an entry point.
 */
import { LEGACY_LATEST_PROTOCOL_VERSION } from "@mrtr/legacy";
import type { EraClient } from "../eras.js";
import type { Transport } from "../transport.js";
import { legacyClient } from "./legacy-client.js";

/** `inner` as a legacy transport: the verdict is already legacy (it is revised, as always, if the server turns out modern). */
export function legacyTransport(inner: Transport, client: EraClient): Transport {
  return legacyClient({ prior: { era: "legacy", protocolVersion: LEGACY_LATEST_PROTOCOL_VERSION } }).wrap(inner, client);
}
