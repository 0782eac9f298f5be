/** ajv (JSON Schema 2020-12, formats on) compiled from a schema file, as downstream builds use it. */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { ValidateFunction } from "ajv";

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export function ajvFor(schema: Record<string, unknown>, id = "mrtr:schema", options: { allErrors?: boolean } = {}): (type: string) => ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: options.allErrors ?? true });
  addFormats(ajv);
  ajv.addSchema({ ...schema, $id: id });
  const cache = new Map<string, ValidateFunction>();
  return (type) => {
    let v = cache.get(type);
    if (!v) {
      v = ajv.compile({ $ref: `${id}#/$defs/${type}` });
      cache.set(type, v);
    }
    return v;
  };
}
