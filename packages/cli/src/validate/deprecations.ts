/**
 * Finds where a valid message uses a deprecated feature (sampling, roots,
 * logging): walks the message beside the full JSON Schema, where definitions
 * and fields carry `"deprecated": true`, choosing union members with the
 * exact validators. Reports the outermost deprecated value only, and walks
 * only into definitions from which a deprecated one can be reached.
 */
import { fullSchemas } from "./full-protocol.js";
import { refName, schemaJson, type SchemaNode } from "./schema-json.js";
import { escapeToken, isRecord } from "@mrtr/internal";

/** A deprecated feature of the draft (SEP-2577). */
export type DeprecatedFeature = "sampling" | "roots" | "logging";

/** What a user needs to know about each deprecated feature. */
export const DEPRECATED_FEATURES: Readonly<Record<DeprecatedFeature, { page: string; migrate: string }>> = {
  sampling: { page: "client/sampling.mdx", migrate: "call a model provider directly instead of the client's model" },
  roots: { page: "client/roots.mdx", migrate: "pass directories through tool arguments, resource URIs or configuration" },
  logging: { page: "server/utilities/logging.mdx", migrate: "log to stderr (stdio) or use OpenTelemetry" },
};

/** Deprecated since, and earliest removal (deprecated.mdx). */
export const DEPRECATED_SINCE = "2026-07-28";
export const EARLIEST_REMOVAL = "the first revision released on or after 2027-07-28";

/**
 * The feature of every deprecated definition and field of the schema
 * (`Type` or `Type.field`). A test holds this table to the schema: a new
 * deprecation without an entry fails it.
 */
export const FEATURE_OF: Readonly<Record<string, DeprecatedFeature>> = {
  CreateMessageRequest: "sampling",
  CreateMessageRequestParams: "sampling",
  CreateMessageResult: "sampling",
  ModelHint: "sampling",
  ModelPreferences: "sampling",
  SamplingMessage: "sampling",
  SamplingMessageContentBlock: "sampling",
  ToolChoice: "sampling",
  ToolResultContent: "sampling",
  ToolUseContent: "sampling",
  "ClientCapabilities.sampling": "sampling",
  ListRootsRequest: "roots",
  ListRootsResult: "roots",
  Root: "roots",
  "ClientCapabilities.roots": "roots",
  LoggingLevel: "logging",
  LoggingMessageNotification: "logging",
  LoggingMessageNotificationParams: "logging",
  "ServerCapabilities.logging": "logging",
  "RequestMetaObject.io.modelcontextprotocol/logLevel": "logging",
};

/** One use of a deprecated feature in a message. */
export interface DeprecatedUse {
  /** JSON Pointer to the deprecated value. */
  pointer: string;
  /** Which deprecated feature it uses. */
  feature: DeprecatedFeature;
  /** The deprecated definition or field (`CreateMessageRequest`, `ClientCapabilities.sampling`). */
  what: string;
}

/** Every deprecated definition and field of the schema, as `Type` or `Type.field`. */
export function deprecatedNodes(): string[] {
  const out: string[] = [];
  for (const [name, def] of Object.entries(schemaJson().$defs)) {
    if (def.deprecated) out.push(name);
    for (const [key, prop] of Object.entries(def.properties ?? {})) if (prop.deprecated) out.push(`${name}.${key}`);
  }
  return out;
}

let reachCache: Set<string> | undefined;

/** Definitions from which a deprecated definition or field can be reached. */
function reaching(): Set<string> {
  if (reachCache) return reachCache;
  const defs = schemaJson().$defs;
  const refsOf = new Map<string, Set<string>>();
  const reach = new Set<string>();
  const collect = (node: unknown, into: Set<string>, owner: string): void => {
    if (Array.isArray(node)) return node.forEach((n) => collect(n, into, owner));
    if (node === null || typeof node !== "object") return;
    const n = node as SchemaNode;
    if (n.deprecated) reach.add(owner);
    if (typeof n.$ref === "string") into.add(refName(n.$ref));
    for (const value of Object.values(n)) collect(value, into, owner);
  };
  for (const [name, def] of Object.entries(defs)) {
    const refs = new Set<string>();
    collect(def, refs, name);
    refsOf.set(name, refs);
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, refs] of refsOf) {
      if (reach.has(name)) continue;
      for (const r of refs) {
        if (reach.has(r)) {
          reach.add(name);
          changed = true;
          break;
        }
      }
    }
  }
  reachCache = reach;
  return reach;
}


/** Where `value`, valid as `type`, uses deprecated features. */
export function findDeprecated(value: unknown, type: string): DeprecatedUse[] {
  const defs = schemaJson().$defs;
  const reach = reaching();
  const found = new Map<string, DeprecatedUse>();
  const report = (pointer: string, what: string) => {
    const feature = FEATURE_OF[what];
    if (feature && !found.has(pointer)) found.set(pointer, { pointer, feature, what });
  };

  const visitDef = (v: unknown, name: string, at: string): void => {
    const def = defs[name];
    if (!def) return;
    if (def.deprecated) return report(at, name);
    if (reach.has(name)) visit(v, def, at, name);
  };

  const visit = (v: unknown, node: SchemaNode, at: string, owner: string): void => {
    if (typeof node.$ref === "string") return visitDef(v, refName(node.$ref), at);
    for (const member of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) {
      if (typeof member.$ref === "string") {
        const schema = fullSchemas[refName(member.$ref)];
        if (schema?.safeParse(v).success) visitDef(v, refName(member.$ref), at);
      } else {
        visit(v, member, at, owner);
      }
    }
    for (const member of node.allOf ?? []) visit(v, member, at, owner);
    if (isRecord(v)) {
      const props = node.properties ?? {};
      for (const key of Object.keys(v)) {
        const child = `${at}/${escapeToken(key)}`;
        const prop = Object.prototype.hasOwnProperty.call(props, key) ? props[key] : undefined;
        if (prop) {
          if (prop.deprecated) report(child, `${owner}.${key}`);
          else visit(v[key], prop, child, owner);
        } else if (isRecord(node.additionalProperties)) {
          visit(v[key], node.additionalProperties, child, owner);
        }
      }
    }
    if (Array.isArray(v) && node.items) v.forEach((item, i) => visit(item, node.items!, `${at}/${i}`, owner));
  };

  visitDef(value, type, "");
  return [...found.values()];
}
