/**
 * Which back end request state runs on, decided once per codec: `node:crypto`
 * where the runtime has it, else WebCrypto (state-crypto.ts says why). The
 * module is looked up, never imported statically, so a fetch-only server or a
 * bundle for a browser or worker never pulls in a Node built-in:
 *
 * - `process.getBuiltinModule("node:crypto")` where it exists (Node 20.16+,
 *   22.3+, Bun, Deno, workers with Node compatibility): synchronous;
 * - anywhere else (older Node 20 included), or if the lookup fails or lacks
 *   a function: WebCrypto, which writes the same bytes.
 *
 * No `import()` of any kind: a computed specifier is refused by module
 * analysers such as Miniflare's, and a literal `"node:crypto"` by bundles
 * for workerd without Node compatibility.
 */
import { isNodeCryptoModule, nodeStateCrypto } from "./node-state-crypto.js";
import type { Eventually, StateCrypto } from "./state-crypto.js";
import { webStateCrypto } from "./web-state-crypto.js";

/** `"auto"`: node:crypto where available, else WebCrypto. `"webcrypto"`: WebCrypto everywhere. */
export type StateCryptoChoice = "auto" | "webcrypto";

/** Where to look for node:crypto: the global object, or a stand-in in tests. */
export interface CryptoHost {
  process?: { getBuiltinModule?: (id: string) => unknown } | undefined;
}

const NODE_CRYPTO = "node:crypto";

/** The back end for `choice` on `host`. */
export function pickStateCrypto(choice: StateCryptoChoice = "auto", host: CryptoHost = globalThis as CryptoHost): Eventually<StateCrypto> {
  if (choice !== "auto" && choice !== "webcrypto") throw new RangeError('RequestStateCodec: `crypto` must be "auto" or "webcrypto".');
  if (choice === "webcrypto") return webStateCrypto();
  const proc = host.process;
  if (typeof proc?.getBuiltinModule === "function") {
    let module: unknown;
    try {
      module = proc.getBuiltinModule(NODE_CRYPTO);
    } catch {
      module = undefined;
    }
    return isNodeCryptoModule(module) ? nodeStateCrypto(module) : webStateCrypto();
  }
  return webStateCrypto();
}

let shared: Eventually<StateCrypto> | undefined;

/** The `"auto"` back end of this process, picked on first use (for digests outside any codec). */
export function sharedStateCrypto(): Eventually<StateCrypto> {
  return (shared ??= pickStateCrypto("auto"));
}
