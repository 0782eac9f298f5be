/**
 * The real ext-apps package (@modelcontextprotocol/ext-apps 2.0.4) as the
 * oracle: what our server writes validates against its JSON Schema, and our
 * reading of a client's capabilities agrees with its getUiCapability.
 */
import { buildAllowAttribute, getToolUiResourceUri, isToolVisibilityAppOnly, isToolVisibilityModelOnly } from "@modelcontextprotocol/ext-apps/app-bridge";
import { EXTENSION_ID, getUiCapability, RESOURCE_MIME_TYPE } from "@modelcontextprotocol/ext-apps/server";
import { createServer } from "@mrtr/server";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { appsExtension, viewPolicy } from "../src/host/index.js";
import { APPS_EXTENSION_ID, toolViewOf, VIEW_MIME_TYPE } from "../src/index.js";
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

  it("sends, with appsExtension(), the capability getUiCapability reads as rendering views", () => {
    const { id, settings } = appsExtension();
    const capabilities = { extensions: { [id]: settings } };
    expect(getUiCapability(capabilities as never)?.mimeTypes).toEqual([RESOURCE_MIME_TYPE]);
    expect(supportsViews({ clientCapabilities: capabilities as never })).toBe(true);
  });

  it("reads a tool's view and visibility as ext-apps' app bridge does, and a URI it throws on as no view (seeded)", () => {
    const uri = fc.constantFrom("ui://w/v", "ui://other", "https://a.example.com", "ui://", "ui://has space", 3, null, undefined);
    const visibility = fc.constantFrom(undefined, [], ["app"], ["model"], ["model", "app"], ["app", "model"], ["x"], "app");
    const ui = fc.oneof(fc.constant(undefined), fc.constant(null), fc.record({ resourceUri: uri, visibility }, { requiredKeys: [] }));
    const tool = fc.record({ ui, flat: uri }).map(({ ui, flat }) => ({ name: "t", inputSchema: { type: "object" }, _meta: { ...(ui !== undefined && { ui }), ...(flat !== undefined && { "ui/resourceUri": flat }) } }));
    fc.assert(
      fc.property(tool, (t) => {
        const ours = toolViewOf(t);
        let theirs: string | undefined | "throws";
        try {
          theirs = getToolUiResourceUri(t as never);
        } catch {
          theirs = "throws";
        }
        expect(ours.resourceUri).toBe(theirs === "throws" ? undefined : theirs);
        const appOnly = ours.visibility.length === 1 && ours.visibility[0] === "app";
        const modelOnly = ours.visibility.length === 1 && ours.visibility[0] === "model";
        expect([appOnly, modelOnly]).toEqual([isToolVisibilityAppOnly(t as never), isToolVisibilityModelOnly(t as never)]);
      }),
      { seed: 38, numRuns: 400 },
    );
  });

  it("builds the same allow attribute as ext-apps for any declared permissions (seeded)", () => {
    const permissions = fc.record({ camera: fc.constant({}), microphone: fc.constant({}), geolocation: fc.constant({}), clipboardWrite: fc.constant({}) }, { requiredKeys: [] });
    fc.assert(
      fc.property(permissions, (p) => {
        expect(viewPolicy({ permissions: p }).allow).toBe(buildAllowAttribute(p));
      }),
      { seed: 38, numRuns: 100 },
    );
  });
});
