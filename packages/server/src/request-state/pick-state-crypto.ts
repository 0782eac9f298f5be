/**
 * Which back end request state runs on, decided once per codec: `node:crypto`
 * where the runtime has it, else WebCrypto (state-crypto.ts says why). The
 * module is looked up, never imported statically, so a fetch-only server or a
 * bundle for a browser or worker never pulls in a Node built-in:
 *
 * - `process.getBuiltinModule("node:crypto")` where it exists (Node 20.16+,
 *   22.3+, Bun, Deno, workers with Node compatibility): synchronous;
 * - on older Node 20 (a `process.versions.node` but no `getBuiltinModule`),
 *   a dynamic `import()` of a computed specifier, which bundlers leave alone;
 * - anywhere else, or if the lookup fails or lacks a function: WebCrypto.
 */
import { isNodeCryptoModule, nodeStateCrypto } from "./node-state-crypto.js";
import type { Eventually, StateCrypto } from "./state-crypto.js";
import { webStateCrypto } from "./web-state-crypto.js";

/** `"auto"`: node:crypto where available, else WebCrypto. `"webcrypto"`: WebCrypto everywhere. */
export type StateCryptoChoice = "auto" | "webcrypto";

/** Where to look for node:crypto: the global object, or a stand-in in tests. */
export interface CryptoHost {
  process?: { versions?: { node?: unknown }; getBuiltinModule?: (id: string) => unknown } | undefined;
  /** Loads a module by specifier (default: dynamic `import()`); used only where `getBuiltinModule` is missing. */
  importModule?: (specifier: string) => Promise<unknown>;
}

const NODE_CRYPTO = "node:crypto";

/** The back end for `choice` on `host`; a promise only on Node without `getBuiltinModule`. */
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
  if (typeof proc?.versions?.node !== "string") return webStateCrypto();
  const load = host.importModule ?? ((specifier: string) => import(/* @vite-ignore */ /* webpackIgnore: true */ specifier) as Promise<unknown>);
  const web = webStateCrypto(); // fails now, not later, where there is no WebCrypto either
  return load(NODE_CRYPTO).then(
    (module) => (isNodeCryptoModule(module) ? nodeStateCrypto(module) : web),
    () => web,
  );
}

let shared: Eventually<StateCrypto> | undefined;

/** The `"auto"` back end of this process, picked on first use (for digests outside any codec). */
export function sharedStateCrypto(): Eventually<StateCrypto> {
  return (shared ??= pickStateCrypto("auto"));
}
