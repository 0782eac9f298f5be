/** config.schema.json itself: well-formed for ajv, every property described, and the checks in parts agreeing with the whole schema. */
import { describe, expect, it } from "vitest";
import { ajvValidator } from "@mrtr/server/json-schema";
import { gatewayConfigSchema } from "../../src/config/index.js";
import { schemaIssues } from "../../src/config/schema-check.js";
import example from "../../examples/gateway.json" with { type: "json" };

const schema = gatewayConfigSchema();

/** Every `properties` entry anywhere in the schema, with where it is. */
function propertiesOf(node: unknown, at: string, out: [string, Record<string, unknown>][] = []): [string, Record<string, unknown>][] {
  if (Array.isArray(node)) node.forEach((n, i) => propertiesOf(n, `${at}/${i}`, out));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "properties" && value && typeof value === "object") {
        for (const [name, sub] of Object.entries(value)) out.push([`${at}/properties/${name}`, sub as Record<string, unknown>]);
      }
      propertiesOf(value, `${at}/${key}`, out);
    }
  }
  return out;
}

describe("config.schema.json", () => {
  it("has the $id and draft it promises", () => {
    expect(schema.$id).toBe("https://mrtr.dev/schemas/gateway-config.json");
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
  });

  it("describes every property", () => {
    // The `if` branches only test a key's value: they are not properties of the file.
    const undescribed = propertiesOf(schema, "").filter(([at, sub]) => !at.includes("/if/") && typeof sub.description !== "string");
    expect(undescribed.map(([at]) => at)).toEqual([]);
  });

  it("closes every object it defines", () => {
    const open: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== "object") return;
      const n = node as Record<string, unknown>;
      if (n.type === "object" && n.properties && n.additionalProperties !== false && !at.includes("/if")) open.push(at);
      for (const [k, v] of Object.entries(n)) walk(v, `${at}/${k}`);
    };
    walk(schema, "");
    // upstreamAuth is closed by its then/else branches.
    expect(open).toEqual(["/$defs/upstreamAuth"]);
  });

  it("compiles with ajv, and ajv agrees with the checks in parts on valid and invalid files", async () => {
    const whole = await ajvValidator().compile(schema);
    const cases: unknown[] = [
      example,
      { upstreams: { a: { url: "https://a.example/mcp" } } },
      { upstreams: { a: { command: "node", args: ["x.js"], env: { TOKEN: { env: "T" } } } } },
      { upstreams: { a: { url: "https://a.example/mcp", auth: { type: "client_credentials", clientId: "gw", clientSecret: { env: "S" }, scope: "read" } } } },
      { upstreams: { a: { url: "https://a.example/mcp", auth: { type: "bearer" } } } },
      { upstreams: { a: { url: "https://a.example/mcp", auth: { type: "none", token: "x" } } } },
      { upstreams: { a: { url: "https://a.example/mcp", timout: 5 } } },
      { upstreams: { "bad name": { url: "https://a.example/mcp" } } },
      { upstreams: {} },
      { upstreams: { a: { command: "node" } }, limits: { maxHolds: 0 } },
      { upstreams: { a: { command: "node" } }, policy: [{ effect: "maybe" }] },
      { upstreams: { a: { command: "node" } }, front: { auth: { issuer: "https://as.example" } } },
      { upstreams: { a: { command: "node" } }, front: { allowedHosts: "loopback", cors: { origins: ["https://app.example"] }, stateSecretEnv: "GW_SECRET" } },
      { upstreams: { a: { command: "node", restart: { initialMs: 100, maxMs: 1000, maxAttempts: 3 } } }, extra: true },
    ];
    for (const value of cases) {
      const verdict = whole(value);
      expect({ value, valid: schemaIssues(value).length === 0 }).toEqual({ value, valid: verdict.valid });
    }
  });
});
