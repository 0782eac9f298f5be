/**
 * Validating tool arguments against the tool's input schema: zod schemas
 * directly, JSON Schemas with ajv (loaded on first use, so servers whose tools
 * all use zod never load it). A failure is a tool execution error the model
 * can correct (`isError: true`), not a protocol error.
 */
import type { z } from "zod";
import { isZod, type JsonSchemaObject } from "./registry.js";

export type ArgumentCheck = { ok: true; value: unknown } | { ok: false; problems: string[] };

type AjvValidate = ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };

let ajvPromise: Promise<{ compile(schema: unknown): AjvValidate }> | undefined;
const compiled = new WeakMap<object, AjvValidate>();

async function ajv() {
  ajvPromise ??= (async () => {
    const [{ Ajv2020 }, formats] = await Promise.all([import("ajv/dist/2020.js"), import("ajv-formats")]);
    const instance = new Ajv2020({ strict: false, allErrors: true });
    (formats.default as unknown as (a: unknown) => void)(instance);
    return instance as unknown as { compile(schema: unknown): AjvValidate };
  })();
  return ajvPromise;
}

/** Checks `args` against a tool's input schema (also used for `structuredContent` against the output schema). */
export async function checkToolArguments(schema: JsonSchemaObject | z.ZodType | undefined, args: unknown): Promise<ArgumentCheck> {
  const value = args ?? {};
  if (schema === undefined) return { ok: true, value };
  if (isZod(schema)) {
    const r = schema.safeParse(value);
    return r.success ? { ok: true, value: r.data } : { ok: false, problems: r.error.issues.map((i) => `${i.path.join(".") || "arguments"}: ${i.message}`) };
  }
  let validate = compiled.get(schema);
  if (!validate) {
    validate = (await ajv()).compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(value)) return { ok: true, value };
  return { ok: false, problems: (validate.errors ?? []).map((e) => `${e.instancePath || "arguments"}: ${e.message ?? "invalid"}`) };
}
