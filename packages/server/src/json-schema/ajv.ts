/**
 * The default JSON Schema validator: ajv (draft 2020-12, or draft-07 for a
 * schema whose `$schema` names it; with ajv-formats),
 * loaded on first use, so servers whose tools all use zod never load it.
 * ajv generates code at run time; on hosts that forbid that (Cloudflare
 * Workers and the like) use `interpretedValidator()`, or leave
 * `jsonSchemaValidator` unset: the server's default picks by itself
 * (default.ts). Passed explicitly where code generation is refused, its
 * compile throws an `EvalError` that says so and names the option.
 */
import { dialectOf, type SchemaDialect } from "./dialect.js";
import type { JsonSchemaValidator, SchemaVerdict } from "./validator.js";

type AjvValidate = ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };
type Ajv = { compile(schema: unknown): AjvValidate };

/** A JSON Schema validator on ajv. */
export function ajvValidator(): JsonSchemaValidator {
  const instances = new Map<SchemaDialect, Promise<Ajv>>();
  const load = (dialect: SchemaDialect) => {
    let instance = instances.get(dialect);
    if (!instance) {
      instance = (async () => {
        const [AjvClass, formats] = await Promise.all([dialect === "draft-07" ? import("ajv").then((m) => m.Ajv) : import("ajv/dist/2020.js").then((m) => m.Ajv2020), import("ajv-formats")]);
        // Compile failures throw (and reach onError); ajv need not also log them.
        const ajv = new AjvClass({ strict: false, allErrors: false, logger: false });
        (formats.default as unknown as (a: unknown) => void)(ajv);
        return ajv as unknown as Ajv;
      })();
      instances.set(dialect, instance);
    }
    return instance;
  };
  return {
    async compile(schema) {
      const ajv = await load(dialectOf(schema));
      let validate: AjvValidate;
      try {
        validate = ajv.compile(schema);
      } catch (error) {
        if (!isCodeGenerationRefusal(error)) throw error;
        throw new EvalError(
          "ajvValidator(): this host refuses code generation from strings (eval, new Function), which ajv needs. " +
            "Leave createServer's jsonSchemaValidator unset (the default then picks the interpreted validator), or pass interpretedValidator() from @mrtr/server/json-schema.",
          { cause: error },
        );
      }
      return (value): SchemaVerdict =>
        validate(value) ? { valid: true } : { valid: false, problems: (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? "is invalid"}`) };
    },
  };
}

/** Whether `error` is a host's refusal to generate code from strings (V8, workerd, a CSP: an `EvalError`). */
export function isCodeGenerationRefusal(error: unknown): boolean {
  return error instanceof EvalError || (error instanceof Error && error.name === "EvalError");
}
