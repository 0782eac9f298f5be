/**
 * The server validates with the generated checks alone (`classifyMessage`
 * and the elicitation checks of `@mrtr/zod/checks`): a bundle of a server
 * whose tool takes a JSON Schema holds no zod and none of the zod
 * validators, so such a server loads neither. A tool given a zod schema
 * brings the user's own zod, as a positive control shows.
 */
import { describe, expect, it } from "vitest";
import { bundleApp } from "../../../test/helpers/bundle.js";

const zodFiles = (inputs: string[]) => inputs.filter((i) => /node_modules\/zod\//.test(i) || /packages\/zod\/src\/(validators\.gen|zod-runtime|parse-message|mini\/)/.test(i));

describe("a server whose tools use no zod", () => {
  it("carries no zod and no zod validators, eagerly or behind a dynamic import", async () => {
    const app = `import { createServer, createHttpHandler } from "@mrtr/server";
const server = createServer({ name: "s", version: "1.0.0" });
server.tool({ name: "echo", inputSchema: { type: "object", properties: { text: { type: "string" } } }, handler: (a) => ({ content: [{ type: "text", text: String(a.text) }] }) });
export default createHttpHandler(server);
`;
    const bundle = await bundleApp(app, { source: true });
    expect(zodFiles(bundle.inputs)).toEqual([]);
    expect(zodFiles(bundle.lazy.inputs)).toEqual([]);
  });

  it("positive control: a tool with a zod schema brings zod in", async () => {
    const app = `import { createServer } from "@mrtr/server";
import * as z from "zod";
createServer({ name: "s", version: "1.0.0" }).tool({ name: "echo", inputSchema: z.object({ text: z.string() }), handler: ({ text }) => ({ content: [{ type: "text", text }] }) });
`;
    const bundle = await bundleApp(app, { source: true });
    expect(zodFiles(bundle.inputs).length).toBeGreaterThan(0);
  });
});
