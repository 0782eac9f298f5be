/**
 * Secrets kept out of the file: a string that may be a secret (an upstream's
 * token or client secret, a header value, a stdio upstream's environment
 * value) may be written `{ "env": "NAME" }` and is read from the environment
 * when the file is loaded. An unset or empty variable is an issue naming the
 * variable and the place that asked for it.
 */
import type { ConfigIssue } from "./config-error.js";

/** `{ "env": "NAME" }` in a configuration file. */
export interface EnvReference {
  /** The environment variable's name. */
  env: string;
}

/** Whether `value` is an `{ "env": "NAME" }` reference (the schema has checked its form). */
export function isEnvReference(value: unknown): value is EnvReference {
  return typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as { env?: unknown }).env === "string";
}

/** Reads references from `env`, noting each variable that is missing in `issues`. */
export class EnvResolver {
  constructor(
    private readonly env: Readonly<Record<string, string | undefined>>,
    /** Where each missing variable is noted. */
    readonly issues: ConfigIssue[],
  ) {}

  /** The string at `pointer`, or the variable it names; "" (after noting the issue) when the variable is unset or empty. */
  resolve(value: string | EnvReference, pointer: string): string {
    if (!isEnvReference(value)) return value;
    const found = this.env[value.env];
    if (found === undefined || found === "") {
      this.issues.push({ pointer, message: `the environment variable ${value.env} is ${found === undefined ? "not set" : "empty"}: set it, or write the value here` });
      return "";
    }
    return found;
  }

  /** Each value of a map, resolved. */
  resolveMap(map: Readonly<Record<string, string | EnvReference>>, pointer: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(map)) out[key] = this.resolve(value, `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
    return out;
  }
}
