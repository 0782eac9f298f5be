/**
 * The official TypeScript SDK's hand-written zod schemas
 * (`@modelcontextprotocol/core` 2.4.0), for the core types it also covers.
 *
 * The mapping from our type names to its exports: each name in `SAME_NAME`
 * maps to `<Name>Schema`; `RENAMED` lists the one type it calls differently.
 * Only types with the same meaning are listed (the SDK may describe an older
 * revision of them, e.g. `ClientCapabilities` with `tasks`). Left out on purpose:
 * `RequestMetaObject` (its `RequestMetaSchema` is the open pre-draft `_meta`,
 * without the draft's required client capabilities and protocol version), and
 * our deprecated types (sampling, roots, logging), which `@mrtr/zod` does not
 * validate.
 */
import * as official from "@modelcontextprotocol/core";
import type { Check } from "./measure.js";

export const SAME_NAME = [
  "Annotations", "AudioContent", "BaseMetadata", "BlobResourceContents", "BooleanSchema",
  "CallToolRequest", "CallToolRequestParams", "CallToolResult", "CancelledNotification", "CancelledNotificationParams",
  "ClientCapabilities", "ClientNotification", "ClientRequest", "ClientResult", "CompleteRequest",
  "CompleteRequestParams", "CompleteResult", "ContentBlock", "Cursor", "DiscoverRequest",
  "DiscoverResult", "ElicitRequest", "ElicitRequestFormParams", "ElicitRequestParams", "ElicitRequestURLParams",
  "ElicitResult", "EmbeddedResource", "EmptyResult", "EnumSchema", "GetPromptRequest",
  "GetPromptRequestParams", "GetPromptResult", "Icon", "Icons", "ImageContent",
  "Implementation", "JSONArray", "JSONObject", "JSONRPCErrorResponse", "JSONRPCMessage",
  "JSONRPCNotification", "JSONRPCRequest", "JSONRPCResponse", "JSONRPCResultResponse", "JSONValue",
  "LegacyTitledEnumSchema", "ListPromptsRequest", "ListPromptsResult", "ListResourceTemplatesRequest", "ListResourceTemplatesResult",
  "ListResourcesRequest", "ListResourcesResult", "ListToolsRequest", "ListToolsResult", "MultiSelectEnumSchema",
  "Notification", "NumberSchema", "PaginatedRequest", "PaginatedRequestParams", "PaginatedResult",
  "PrimitiveSchemaDefinition", "ProgressNotification", "ProgressNotificationParams", "ProgressToken", "Prompt",
  "PromptArgument", "PromptListChangedNotification", "PromptMessage", "PromptReference", "ReadResourceRequest",
  "ReadResourceRequestParams", "ReadResourceResult", "Request", "RequestId", "Resource",
  "ResourceContents", "ResourceLink", "ResourceListChangedNotification", "ResourceRequestParams", "ResourceTemplate",
  "ResourceTemplateReference", "ResourceUpdatedNotification", "ResourceUpdatedNotificationParams", "Result", "ResultMetaObject",
  "Role", "ServerCapabilities", "ServerNotification", "ServerResult", "SingleSelectEnumSchema",
  "StringSchema", "SubscriptionFilter", "SubscriptionsAcknowledgedNotification", "SubscriptionsAcknowledgedNotificationParams", "SubscriptionsListenRequest",
  "SubscriptionsListenRequestParams", "SubscriptionsListenResult", "TextContent", "TextResourceContents", "TitledMultiSelectEnumSchema",
  "TitledSingleSelectEnumSchema", "Tool", "ToolAnnotations", "ToolListChangedNotification", "UntitledMultiSelectEnumSchema",
  "UntitledSingleSelectEnumSchema",
] as const;

export const RENAMED: Record<string, string> = {
  SubscriptionsListenResultMetaObject: "SubscriptionsListenResultMetaSchema",
};

/** Our type name → the SDK's export name. */
export const officialSchemaNames: Record<string, string> = {
  ...Object.fromEntries(SAME_NAME.map((name) => [name, `${name}Schema`])),
  ...RENAMED,
};

interface SafeParser {
  safeParse(data: unknown): { success: boolean };
}

/** A check for every mapped type; fails loudly if the SDK no longer exports one. */
export function officialChecks(): Map<string, Check> {
  const exports = official as unknown as Record<string, SafeParser | undefined>;
  const checks = new Map<string, Check>();
  for (const [type, exportName] of Object.entries(officialSchemaNames)) {
    const schema = exports[exportName];
    if (typeof schema?.safeParse !== "function") throw new Error(`@modelcontextprotocol/core exports no ${exportName} (for ${type})`);
    checks.set(type, (data) => schema.safeParse(data).success);
  }
  return checks;
}
