/**
 * The real ext-apps package (@modelcontextprotocol/ext-apps 2.0.4) as the
 * oracle: what our server writes validates against its JSON Schema, and our
 * reading of a client's capabilities agrees with its getUiCapability.
 */
import { EXTENSION_ID, getUiCapability, RESOURCE_MIME_TYPE } from "@modelcontextprotocol/ext-apps/server";
import { createServer } from "@mrtr/server";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { APPS_EXTENSION_ID, VIEW_MIME_TYPE } from "../src/index.js";
import { appView, supportsViews } from "../src/server/index.js";

const schema = createRequire(import.meta.url)("@modelcontextprotocol/ext-apps/schema.json") as { definitions?: Record<string, object>; $defs?: Record<string, object> };
const definitions = schema.definitions ?? schema.$defs ?? {};
const ajv = new Ajv2020({ strict: false, allErrors: true });
const validate = (name: string, value: unknown) => {
  const check = ajv.compile(definitions[name]!);
  return check(value) ? [] : check.errors;
};

async function ask(server: ReturnType<typeof createServer>, method: string, params: Record<string, unknown>) {
  const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
  return ((await server.handle({ jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: meta } })) as { result: any }).result;
}

describe("@mrtr/apps against @modelcontextprotocol/ext-apps", () => {
  it("names the extension and the MIME type as ext-apps does", () => {
    expect(APPS_EXTENSION_ID).toBe(EXTENSION_ID);
    expect(VIEW_MIME_TYPE).toBe(RESOURCE_MIME_TYPE);
  });

  it("writes tool and resource _meta.ui that validate against ext-apps' JSON Schema (and the schema refuses a broken one)", async () => {
    const server = createServer({ name: "w", version: "1" });
    appView(server, {
      uri: "ui://w/v",
      name: "v",
      html: "<!doctype html><p>v</p>",
      csp: { connectDomains: ["https://api.example.com"], resourceDomains: ["https://*.cdn.example.com"], frameDomains: ["https://www.youtube.com"], baseUriDomains: ["https://cdn.example.com"] },
      permissions: { camera: {}, clipboardWrite: {} },
      domain: "abc.example-content.com",
      prefersBorder: false,
    })
      .tool({ name: "both", handler: () => ({ content: [{ type: "text", text: "x" }] }) })
      .tool({ name: "app", visibility: ["app"], handler: () => ({ content: [{ type: "text", text: "x" }] }) });
    const tools = (await ask(server, "tools/list", {})).tools as { _meta: { ui: unknown } }[];
    for (const tool of tools) expect(validate("McpUiToolMeta", tool._meta.ui)).toEqual([]);
    const [content] = (await ask(server, "resources/read", { uri: "ui://w/v" })).contents;
    expect(validate("McpUiResourceMeta", content._meta.ui)).toEqual([]);
    expect(validate("McpUiToolMeta", { resourceUri: "ui://w/v", visibility: ["everyone"] })).not.toEqual([]);
  });

  it("agrees with getUiCapability on whether a client renders views, for any capabilities (seeded)", () => {
    const settings = fc.oneof(fc.constant(undefined), fc.constant(null), fc.constant({}), fc.record({ mimeTypes: fc.array(fc.constantFrom(VIEW_MIME_TYPE, "text/html", "text/uri-list", 42 as never), { maxLength: 3 }) }));
    const capabilities = fc.oneof(fc.constant({}), fc.record({ extensions: fc.oneof(fc.constant({}), settings.map((s) => (s === undefined ? {} : { [APPS_EXTENSION_ID]: s }))) }));
    fc.assert(
      fc.property(capabilities, (caps) => {
        const theirs = (getUiCapability(caps as never) as { mimeTypes?: unknown[] } | undefined)?.mimeTypes?.includes(RESOURCE_MIME_TYPE) === true;
        expect(supportsViews({ clientCapabilities: caps as never })).toBe(theirs);
      }),
      { seed: 38, numRuns: 300 },
    );
  });
});
