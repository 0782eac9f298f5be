/**
 * This package's version, the front server's default `version`: read from
 * its own package.json (one level above both src/ and dist/), so it cannot drift.
 */
import { readFileSync } from "node:fs";

/** The version of @mrtr/gateway. */
export const GATEWAY_VERSION: string = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
