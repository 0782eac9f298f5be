/**
 * What one validator costs a browser bundle (esbuild --bundle --minify
 * --platform=browser --format=esm, from the package source): every call in
 * the generated validators is marked pure, so an app carries the validators
 * it imports and what they use, not all of them; the zod/mini flavour carries
 * no classic zod and no locale. Positive controls: the table of every
 * validator brings the others in, and the classic flavour brings classic zod.
 * `npm run bench` prints these sizes beside the official SDK's schema.
 */
import { describe, expect, it } from "vitest";
import { bundleApp, kB } from "../../../test/helpers/bundle.js";

const app = (from: string, name: string) => `import { ${name} } from "${from}";\nconsole.log(${name}.safeParse(JSON.parse("{}")).success);\n`;
/** A constant only the validators of other types hold. */
const OTHER_VALIDATOR = "notifications/subscriptions/acknowledged";
const classicZod = (inputs: string[]) => inputs.filter((i) => /node_modules\/zod\/v4\/(classic|locales)\//.test(i));

describe("bundles of one validator", async () => {
  const mini = await bundleApp(app("@mrtr/zod/mini", "CallToolResultSchema"), { source: true });
  const classic = await bundleApp(app("@mrtr/zod", "CallToolResultSchema"), { source: true });

  it("zod/mini: only the validator imported and what it uses, no classic zod, no locale", () => {
    console.log(`bundle: one CallToolResult validator: zod/mini ${kB(mini.bytes)} (gzip ${kB(mini.gzipBytes)}), zod ${kB(classic.bytes)} (gzip ${kB(classic.gzipBytes)})`);
    expect(classicZod(mini.inputs)).toEqual([]);
    expect(mini.text).not.toContain(OTHER_VALIDATOR);
    expect(classic.text).not.toContain(OTHER_VALIDATOR);
  });

  it("positive control: the table of every validator brings the others in; the classic flavour brings classic zod", async () => {
    const table = await bundleApp(`import { schemas } from "@mrtr/zod/mini";\nconsole.log(schemas);\n`, { source: true });
    expect(table.text).toContain(OTHER_VALIDATOR);
    expect(table.bytes).toBeGreaterThan(mini.bytes * 2);
    expect(classicZod(classic.inputs).length).toBeGreaterThan(0);
  });
});
