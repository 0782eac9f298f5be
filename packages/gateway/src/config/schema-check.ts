/**
 * Checking a configuration value against `config.schema.json` with the
 * interpreted validator of `@mrtr/server/json-schema` (synchronous, and it
 * names unknown keys). That validator stops at a value's first problem, so
 * the file is checked in parts (the top level with its collections left
 * open, then each upstream, each policy rule, the limits and the front), and
 * one problem of each part is reported: a file with a typo in two upstreams
 * hears of both.
 */
import { readFileSync } from "node:fs";
import { interpretedValidator, type SchemaVerdict } from "@mrtr/server/json-schema";
import type { ConfigIssue } from "./config-error.js";
import { readableIssues } from "./schema-issues.js";

type Schema = Record<string, unknown> & { properties: Record<string, Record<string, unknown>>; $defs: Record<string, unknown> };
type Check = (value: unknown) => SchemaVerdict;

let checks: { top: Check; upstream: Check; policyRule: Check; limits: Check; front: Check } | undefined;

/** The configuration's JSON Schema, as shipped beside `dist/` and `src/` (`@mrtr/gateway/config.schema.json`). */
export function gatewayConfigSchema(): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL("../../config.schema.json", import.meta.url), "utf8")) as Record<string, unknown>;
}

function compile(schema: Record<string, unknown>): Check {
  const check = interpretedValidator().compile(schema);
  if (typeof check !== "function") throw new Error("@mrtr/gateway: the interpreted JSON Schema validator compiled asynchronously");
  return check;
}

/** The checks of each part, compiled once. */
function partChecks(): NonNullable<typeof checks> {
  if (checks) return checks;
  const schema = gatewayConfigSchema() as Schema;
  const { $id: _id, ...anonymous } = schema;
  const part = (name: string) => compile({ $schema: schema.$schema, $defs: schema.$defs, $ref: `#/$defs/${name}` });
  const properties = schema.properties;
  const top = compile({
    ...anonymous,
    properties: {
      ...properties,
      upstreams: { ...properties.upstreams, additionalProperties: true },
      policy: { ...properties.policy, items: true },
      limits: { type: "object" },
      front: { type: "object" },
    },
  });
  checks = { top, upstream: part("upstream"), policyRule: part("policyRule"), limits: part("limits"), front: part("front") };
  return checks;
}

const escape = (token: string | number) => String(token).replace(/~/g, "~0").replace(/\//g, "~1");
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Every issue of `value` against the schema (at most one per part); empty when it conforms. */
export function schemaIssues(value: unknown): ConfigIssue[] {
  const c = partChecks();
  const issues: ConfigIssue[] = [];
  const run = (check: Check, part: unknown, pointer: string) => {
    const verdict = check(part);
    if (!verdict.valid) issues.push(...readableIssues(verdict.problems, pointer));
  };
  run(c.top, value, "");
  if (!isObject(value)) return issues;
  if (isObject(value.upstreams)) {
    for (const [name, upstream] of Object.entries(value.upstreams)) run(c.upstream, upstream, `/upstreams/${escape(name)}`);
  }
  if (Array.isArray(value.policy)) value.policy.forEach((rule, index) => run(c.policyRule, rule, `/policy/${index}`));
  if (isObject(value.limits)) run(c.limits, value.limits, "/limits");
  if (isObject(value.front)) run(c.front, value.front, "/front");
  return issues;
}
