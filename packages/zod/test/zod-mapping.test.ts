/**
 * The emitter's zod mapping on its own: the plain zod schemas of both
 * flavours (`rawSchemas`, which decide without the generated checks) judged
 * against ajv like the validators. zod's objects return a copy without own
 * "__proto__" keys (its guard against prototype pollution; protoGuard still
 * validates their values), so such inputs are left out here.
 */
import { describe, it } from "vitest";
import { FLAVOURS, runCore } from "./differential-core.js";

describe("the zod emitter's schemas against ajv (core projection)", () => {
  for (const [name, flavour] of Object.entries(FLAVOURS)) {
    it(`${name}: rawSchemas agree with ajv on every example, mutation and generated value, and return valid input deep-equal`, () => {
      runCore(`core, ${name} rawSchemas`, { schemas: flavour.rawSchemas, propertyRuns: 200, protoKeys: false });
    }, 300_000);
  }
});
