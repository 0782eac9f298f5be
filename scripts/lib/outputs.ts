/** Outputs of later generators (zod validators, deprecated package), registered in one place. */
import type { BuiltSchema } from "./json-schema.js";

export function extraOutputs(_built: BuiltSchema): Map<string, string> {
  return new Map();
}
