/**
 * The validator a server uses when `createServer` is given no
 * `jsonSchemaValidator`: ajv where the host lets code be generated from
 * strings, the interpreted validator where it does not (Cloudflare Workers,
 * pages whose Content Security Policy lacks `'unsafe-eval'`, Node under
 * `--disallow-code-generation-from-strings`). So a default server works on
 * every host, and a missing option is never an "Internal error" at the first
 * call.
 *
 * The host is asked once, when the first JSON Schema is compiled (at the first
 * call that needs one), not when the server is created: workerd lets the
 * global scope generate code (compatibility dates from 2025-06-01) and
 * forbids it while serving requests, so a look at start-up would be wrong
 * there. Each validator is loaded only when chosen (`import()` of a literal,
 * which bundlers split or inline).
 */
import { ajvValidator, isCodeGenerationRefusal } from "./ajv.js";
import type { JsonSchemaValidator } from "./validator.js";

/** Whether code may be generated from strings here and now: `new Function` tried once. */
export function codeGenerationAllowed(): boolean {
  try {
    // The probe itself: the one string ever turned into code here.
    return new Function("return 1")() === 1;
  } catch {
    return false;
  }
}

let hostAllows: boolean | undefined;

/** {@link codeGenerationAllowed}, asked on first need and remembered for the process (or isolate). */
function hostAllowsCodeGeneration(): boolean {
  return (hostAllows ??= codeGenerationAllowed());
}

const interpreted = async (): Promise<JsonSchemaValidator> => (await import("./interpreted.js")).interpretedValidator();

/**
 * The default validator. `allowed` says whether the host generates code
 * (default: the probe above, asked once); tests pass their own. A refusal
 * the probe did not foresee (ajv's compile throwing an `EvalError`) moves
 * this validator to the interpreted one for good, instead of failing calls.
 */
export function defaultJsonSchemaValidator(allowed: () => boolean = hostAllowsCodeGeneration): JsonSchemaValidator & { readonly chosen: () => "ajv" | "interpreted" | undefined } {
  let chosen: { name: "ajv" | "interpreted"; validator: Promise<JsonSchemaValidator> } | undefined;
  const choose = () => (chosen ??= allowed() ? { name: "ajv", validator: Promise.resolve(ajvValidator()) } : { name: "interpreted", validator: interpreted() });
  return {
    chosen: () => chosen?.name,
    async compile(schema) {
      const { name, validator } = choose();
      try {
        return await (await validator).compile(schema);
      } catch (error) {
        if (name !== "ajv" || !isCodeGenerationRefusal(error)) throw error;
        chosen = { name: "interpreted", validator: interpreted() };
        return (await chosen.validator).compile(schema);
      }
    },
  };
}
