/**
 * The full protocol's validators: `@mrtr/zod`'s core validators with
 * `@mrtr/deprecated/zod`'s full-protocol variants laid over them, so traffic
 * that uses sampling, roots or logging (deprecated, still valid on the wire
 * until their removal) validates; the CLI then flags such traffic as a
 * warning. Also: which type validates each method's request, notification
 * and response.
 */
import type { z } from "zod";
import { notificationSchemas, requestSchemas, resultResponseSchemas, schemas as coreSchemas } from "@mrtr/zod";
import { schemas as deprecatedSchemas } from "@mrtr/deprecated/zod";
import { schemaJson } from "./schema-json.js";

/** Every validator by type name, full protocol (deprecated variants replace core ones). */
export const fullSchemas: Readonly<Record<string, z.ZodType>> = { ...coreSchemas, ...deprecatedSchemas };

/** Names of the types whose full-protocol validator differs from the core one. */
export const fullVariantNames: ReadonlySet<string> = new Set(Object.keys(deprecatedSchemas));

const coreNameOf = new Map<unknown, string>(Object.entries(coreSchemas).map(([name, schema]) => [schema, name]));

function typeNames(table: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [method, schema] of Object.entries(table)) {
    const name = coreNameOf.get(schema);
    if (name) out[method] = name;
  }
  return out;
}

/** Method -> the type of a request with that method. */
export const requestTypes: Readonly<Record<string, string>> = typeNames(requestSchemas);
/** Method -> the type of the response to a request with that method. */
export const responseTypes: Readonly<Record<string, string>> = typeNames(resultResponseSchemas);

let notifications: Record<string, string> | undefined;

/**
 * Method -> the type of a notification with that method: the core ones, and
 * the deprecated JSON-RPC notifications of the schema (`notifications/message`).
 */
export function notificationTypes(): Readonly<Record<string, string>> {
  if (notifications) return notifications;
  const out = typeNames(notificationSchemas);
  for (const [name, def] of Object.entries(schemaJson().$defs)) {
    const method = def.properties?.method?.const;
    if (def.deprecated && typeof method === "string" && def.properties?.jsonrpc && !def.properties.id && fullSchemas[name]) out[method] = name;
  }
  notifications = out;
  return out;
}

/** Error code -> the type of an error response with that code (the errors whose `data` the schema defines). */
export const errorTypes: Readonly<Record<number, string>> = {
  [-32020]: "HeaderMismatchError",
  [-32021]: "MissingRequiredClientCapabilityError",
  [-32022]: "UnsupportedProtocolVersionError",
};
