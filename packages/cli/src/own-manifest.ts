/** The cli's own package.json, read at run time (all @mrtr packages are released together at this version). */
import { createRequire } from "node:module";

/** The fields of the cli's package.json that commands use. */
export interface OwnManifest {
  /** The version every @mrtr package of this release carries. */
  version: string;
  /** The Node versions the packages run on. */
  engines?: { node?: string };
}

/** The cli's package.json: `../package.json` from both src/ and dist/. */
export function ownManifest(): OwnManifest {
  return createRequire(import.meta.url)("../package.json") as OwnManifest;
}
