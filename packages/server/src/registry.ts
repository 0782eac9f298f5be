/**
 * What a server offers: tools, prompts, resources and resource templates, as
 * registered by the application, and how each is described in list results.
 */
import type {
  CallToolResult,
  GetPromptResult,
  Icon,
  Prompt,
  PromptArgument,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  Tool,
  ToolAnnotations,
} from "@mrtr/schema";
import type { z } from "zod";
import type { InputContext } from "./context.js";
import type { InputRequiredReturn } from "./input-required.js";
import { compileTemplate, type TemplateMatcher } from "./uri-template.js";
import { ServerDefinitionError } from "./errors.js";

type MaybePromise<T> = T | Promise<T>;
/** A result without `resultType`: the server adds it. */
type Body<T> = Omit<T, "resultType" | "ttlMs" | "cacheScope">;

/** A JSON Schema object of a tool's input (`type: "object"`). */
export type JsonSchemaObject = { type: "object"; [key: string]: unknown };

/** A tool: its description, input schema (JSON Schema or zod) and handler. */
export interface ToolDefinition<A = Record<string, unknown>, S = unknown> {
  name: string;
  title?: string;
  description?: string;
  /** JSON Schema (`type: "object"`) or a zod object schema; arguments are validated against it. Default: any object. */
  inputSchema?: JsonSchemaObject | z.ZodType<A>;
  /** JSON Schema or zod schema of `structuredContent`. */
  outputSchema?: JsonSchemaObject | z.ZodType;
  annotations?: ToolAnnotations;
  icons?: Icon[];
  _meta?: Record<string, unknown>;
  /**
   * Scopes a caller's access token must grant to call this tool. Checked on
   * every `tools/call` (a request without verified auth has none); missing
   * ones are refused with `InsufficientScopeError`, which `protect` turns into
   * 403 insufficient_scope so the client can step up.
   */
  scopes?: readonly string[];
  /** `S` is the type of the low-level `state` this tool seals between rounds (`ctx.state`). */
  handler(args: A, ctx: InputContext<S>): MaybePromise<Body<CallToolResult> | InputRequiredReturn<S>>;
}

/** A prompt: its arguments and handler. */
export interface PromptDefinition<S = unknown> {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgument[];
  icons?: Icon[];
  handler(args: Record<string, string>, ctx: InputContext<S>): MaybePromise<Body<GetPromptResult> | InputRequiredReturn<S>>;
}

/** A resource at a fixed URI. */
export interface ResourceDefinition<S = unknown> extends Omit<Resource, "uri"> {
  uri: string;
  handler(uri: string, ctx: InputContext<S>): MaybePromise<Body<ReadResourceResult> | InputRequiredReturn<S>>;
}

/** Resources whose URIs match an RFC 6570 template. */
export interface ResourceTemplateDefinition<S = unknown> extends ResourceTemplate {
  handler(uri: string, variables: Record<string, string>, ctx: InputContext<S>): MaybePromise<Body<ReadResourceResult> | InputRequiredReturn<S>>;
}

function isZod(schema: unknown): schema is z.ZodType {
  return typeof schema === "object" && schema !== null && "~standard" in schema && "safeParse" in schema;
}

export { isZod };

/**
 * The application's registrations, checked as they are made. Each definition
 * keeps its own state type `S` for its handler; stored together, it is erased.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export class Registry {
  readonly tools = new Map<string, ToolDefinition<never, any>>();
  readonly prompts = new Map<string, PromptDefinition<any>>();
  readonly resources = new Map<string, ResourceDefinition<any>>();
  readonly templates: { definition: ResourceTemplateDefinition<any>; match: TemplateMatcher }[] = [];

  addTool(tool: ToolDefinition<never, any>): void {
    if (!tool.name) throw new ServerDefinitionError("A tool needs a name.");
    if (this.tools.has(tool.name)) throw new ServerDefinitionError(`Tool "${tool.name}" is registered twice.`);
    if (tool.scopes !== undefined && !(Array.isArray(tool.scopes) && tool.scopes.every((s) => typeof s === "string" && /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(s)))) {
      throw new ServerDefinitionError(`Tool "${tool.name}": scopes must be a list of scope tokens (printable ASCII, no spaces, quotes or backslashes).`);
    }
    this.tools.set(tool.name, tool);
  }

  addPrompt(prompt: PromptDefinition<any>): void {
    if (this.prompts.has(prompt.name)) throw new ServerDefinitionError(`Prompt "${prompt.name}" is registered twice.`);
    this.prompts.set(prompt.name, prompt);
  }

  addResource(resource: ResourceDefinition<any>): void {
    if (this.resources.has(resource.uri)) throw new ServerDefinitionError(`Resource "${resource.uri}" is registered twice.`);
    this.resources.set(resource.uri, resource);
  }

  addTemplate(template: ResourceTemplateDefinition<any>): void {
    this.templates.push({ definition: template, match: compileTemplate(template.uriTemplate) });
  }
}

/** The wire description of a tool; zod schemas are turned into JSON Schema. */
export function describeTool(tool: ToolDefinition<never, any>, toJsonSchema: (s: z.ZodType) => Record<string, unknown>): Tool {
  const input = tool.inputSchema === undefined ? { type: "object" as const } : isZod(tool.inputSchema) ? toJsonSchema(tool.inputSchema) : tool.inputSchema;
  const out: Tool = { name: tool.name, inputSchema: input as Tool["inputSchema"] };
  if (tool.title !== undefined) out.title = tool.title;
  if (tool.description !== undefined) (out as Tool & { description?: string }).description = tool.description;
  if (tool.outputSchema !== undefined) out.outputSchema = (isZod(tool.outputSchema) ? toJsonSchema(tool.outputSchema) : tool.outputSchema) as Tool["outputSchema"];
  if (tool.annotations !== undefined) out.annotations = tool.annotations;
  if (tool.icons !== undefined) out.icons = tool.icons;
  if (tool._meta !== undefined) out._meta = tool._meta;
  return out;
}

/** The wire description of a prompt. */
export function describePrompt(p: PromptDefinition<any>): Prompt {
  const { handler: _h, ...rest } = p;
  return rest as Prompt;
}

/** The wire description of a resource. */
export function describeResource(r: ResourceDefinition<any>): Resource {
  const { handler: _h, ...rest } = r;
  return rest as Resource;
}

/** The wire description of a resource template. */
export function describeTemplate(t: ResourceTemplateDefinition<any>): ResourceTemplate {
  const { handler: _h, ...rest } = t;
  return rest;
}
