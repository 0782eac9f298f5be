/**
 * A JSON Schema validator that interprets schemas instead of generating code
 * (@cfworker/json-schema, draft 2020-12, or draft-07 for a schema whose
 * `$schema` names it), for hosts that forbid run-time code
 * generation. Slower than ajv on hot paths; the verdicts are the same for the
 * keywords tool schemas use.
 */
import { Validator } from "@cfworker/json-schema";
import { dialectOf } from "./dialect.js";
import type { JsonSchemaValidator, SchemaVerdict } from "./validator.js";

/** A JSON Schema validator without code generation. */
export function interpretedValidator(): JsonSchemaValidator {
  return {
    compile(schema) {
      // shortCircuit: stop at the first error, so an invalid value costs no more than a valid one.
      const validator = new Validator(schema as never, dialectOf(schema) === "draft-07" ? "7" : "2020-12", true);
      return (value): SchemaVerdict => {
        const result = validator.validate(value);
        if (result.valid) return { valid: true };
        const problems = result.errors.filter((e) => e.keyword !== "properties" && e.keyword !== "items").map((e) => `${e.instanceLocation.replace(/^#/, "") || "/"} ${e.error}`);
        return { valid: false, problems: problems.length > 0 ? problems : ["is invalid"] };
      };
    },
  };
}
