/**
 * The zod checks of JSON Schema keywords zod has no exact equivalent of, each
 * with ajv's semantics. They are zod core checks (built with zod/mini's
 * `refine`, the smaller of the two), so both flavours of the generated
 * validators use the same ones: `z.string().check(format("uri"))` in `zod`
 * as in `zod/mini`.
 */
import { refine } from "zod/mini";
import { codePointsWithin, hasOwn } from "./check-runtime.js";
import { formatTest, type FormatName } from "./formats.js";

/** `format`: the same verdict as ajv-formats for that format (see formats.ts). */
export function format(name: FormatName) {
  const test = formatTest(name);
  return refine<string>((value) => test(value), { message: `Invalid ${name}` });
}

/** `type: "integer"`: any integral number, beyond the safe-integer range too, as ajv. */
export const integral = /* @__PURE__ */ refine<number>((value) => Number.isInteger(value), { message: "Expected an integer" });

/** `minLength` / `maxLength` counted in code points. */
export function codePointLength(min: number, max: number) {
  return refine<string>((value) => codePointsWithin(value, min, max), { message: `Expected a length between ${min} and ${max}` });
}

/** `anyOf` of bare `required` lists: the object has every key of at least one set. */
export function hasAnyKeySet(sets: string[][]) {
  return refine<object>(
    (value) => sets.some((keys) => keys.every((k) => hasOwn(value, k))),
    { message: `Expected at least one of: ${sets.map((s) => s.join(" + ")).join(", ")}` },
  );
}
