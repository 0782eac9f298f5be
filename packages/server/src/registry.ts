/**
 * What a server offers: tools, prompts, resources and resource templates, as
 * registered by the application, checked as they are registered, and how
 * each is described in list results.
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
import { checkCacheOptions, type CacheOptions } from "./cache-hints.js";
import { checkCompleters, type Completers } from "./completion.js";
import type { InputContext } from "./context.js";
import { ServerDefinitionError } from "./errors.js";
import type { InputRequiredReturn } from "./input-required.js";
import type { JsonSchemaObject, SchemaChecks, ToolSchema } from "./schema-check.js";
import { compileTemplate, templateVariables, type TemplateMatcher } from "./uri-template.js";
import { paramHeaders, type ParamHeader } from "@mrtr/schema/http";

/** A value, or a promise of it: what a handler may return. */
export type MaybePromise<T> = T | Promise<T>;
/** What a handler returns for result type `T`: the result without `resultType` and the caching hints, which the server fills in. */
export type HandlerResult<T> = Omit<T, "resultType" | "ttlMs" | "cacheScope">;

/**
 * What every definition whose handler may ask for input shares. `S` is the
 * low-level state it seals between rounds (`ctx.state`); `X` the context
 * methods the server's input kinds add (e.g. `ctx.sample` when
 * @mrtr/deprecated's sampling kind is registered).
 */
export interface InputHandling<S> {
  /**
   * A zod schema of the low-level state. Types `ctx.state` without spelling
   * out generics, and checks the state of every retry: a state sealed by an
   * older release that no longer fits is refused like any invalid
   * requestState (reason `state-schema` to `onRequestStateRejected`).
   */
  stateSchema?: z.ZodType<S>;
}

/** What every registration shares: caching hints overriding the server's `cache` option. */
export interface Cacheable {
  /** Caching hints of this registration's results and of the lists holding it (the shortest TTL wins; private wins). */
  cache?: CacheOptions;
}

/**
 * A tool: its description, input schema and handler. A schema is a JSON
 * Schema object or an object validator of a Standard Schema library that
 * describes itself as JSON Schema (zod 4, ArkType, valibot wrapped by
 * `toStandardJsonSchema`); a validator types the handler's arguments as what
 * it gives back.
 */
export interface ToolDefinition<A = Record<string, unknown>, S = unknown, X = unknown> extends InputHandling<S>, Cacheable {
  /** The unique name clients call it by. */
  name: string;
  /** A display name for people. */
  title?: string;
  /** What it does, for the model and for people. */
  description?: string;
  /**
   * JSON Schema (`type: "object"`) or an object validator; arguments are
   * checked against it and the handler receives what a validator gives back
   * (after its transformations). tools/list shows a validator's JSON Schema of
   * its input side. Default: any object.
   */
  inputSchema?: ToolSchema<A>;
  /**
   * JSON Schema (`type: "object"`) or an object validator of
   * `structuredContent`: a complete result must carry conforming structured
   * content, and what a validator gives back is what is sent. tools/list
   * shows a validator's JSON Schema of its output side.
   */
  outputSchema?: ToolSchema;
  /** Hints about its behaviour (read-only, destructive, idempotent, open-world); hints, not guarantees. */
  annotations?: ToolAnnotations;
  /** Icons a client may show for it. */
  icons?: Icon[];
  /** Metadata sent with the tool in `tools/list`. */
  _meta?: Record<string, unknown>;
  /**
   * Scopes a caller's access token must grant to call this tool. Checked on
   * every `tools/call` (a request without verified auth has none); missing
   * ones are refused with `InsufficientScopeError`, which `protect` turns into
   * 403 insufficient_scope so the client can step up.
   */
  scopes?: readonly string[];
  /**
   * Runs a call: the result, or `inputRequired(...)` to ask the client first. Arguments are already
   * checked against `inputSchema`.
   */
  handler(args: A, ctx: InputContext<S> & X): MaybePromise<HandlerResult<CallToolResult> | InputRequiredReturn<S>>;
}

/** A prompt: its arguments and handler. */
export interface PromptDefinition<S = unknown, X = unknown> extends InputHandling<S>, Cacheable {
  /** The unique name clients call it by. */
  name: string;
  /** A display name for people. */
  title?: string;
  /** What it does, for the model and for people. */
  description?: string;
  /** The arguments it takes. */
  arguments?: PromptArgument[];
  /** Icons a client may show for it. */
  icons?: Icon[];
  /** Suggestions for argument values (`completion/complete`), by argument name; each must be a declared argument. */
  complete?: Completers;
  /** Builds the prompt from its arguments, or returns `inputRequired(...)` to ask the client first. */
  handler(args: Record<string, string>, ctx: InputContext<S> & X): MaybePromise<HandlerResult<GetPromptResult> | InputRequiredReturn<S>>;
}

/** A resource at a fixed URI. */
export interface ResourceDefinition<S = unknown, X = unknown> extends Omit<Resource, "uri">, InputHandling<S>, Cacheable {
  /** The URI clients read it by. */
  uri: string;
  /** Reads the resource, or returns `inputRequired(...)` to ask the client first. */
  handler(uri: string, ctx: InputContext<S> & X): MaybePromise<HandlerResult<ReadResourceResult> | InputRequiredReturn<S>>;
}

/** Resources whose URIs match an RFC 6570 template. */
export interface ResourceTemplateDefinition<S = unknown, X = unknown> extends ResourceTemplate, InputHandling<S>, Cacheable {
  /** Suggestions for template variables (`completion/complete`), by variable name; each must be a variable of the template. */
  complete?: Completers;
  /**
   * Reads a resource whose URI matches the template (`variables` by name), or returns
   * `inputRequired(...)`.
   */
  handler(uri: string, variables: Record<string, string>, ctx: InputContext<S> & X): MaybePromise<HandlerResult<ReadResourceResult> | InputRequiredReturn<S>>;
}

/* eslint-disable @typescript-eslint/no-explicit-any */
/** Definitions as stored: each keeps its own types for its handler; together they are erased. */
export type AnyTool = ToolDefinition<any, any, any>;
export type AnyPrompt = PromptDefinition<any, any>;
export type AnyResource = ResourceDefinition<any, any>;
export type AnyTemplate = ResourceTemplateDefinition<any, any>;

/** A registered tool with its wire description and custom headers, computed once. */
export interface RegisteredTool {
  definition: AnyTool;
  tool: Tool;
  /** Its `x-mcp-header` parameters, checked against `Mcp-Param-*` headers on every HTTP call. */
  paramHeaders: readonly ParamHeader[];
}

/** The application's registrations, checked as they are made. */
export class Registry {
  readonly tools = new Map<string, RegisteredTool>();
  readonly prompts = new Map<string, AnyPrompt>();
  readonly resources = new Map<string, AnyResource>();
  readonly templates: { definition: AnyTemplate; match: TemplateMatcher }[] = [];

  constructor(private readonly schemas: SchemaChecks) {}

  addTool(definition: AnyTool): void {
    if (!definition.name) throw new ServerDefinitionError("A tool needs a name.");
    if (this.tools.has(definition.name)) throw new ServerDefinitionError(`Tool "${definition.name}" is registered twice.`);
    const scopes = definition.scopes;
    if (scopes !== undefined && !(Array.isArray(scopes) && scopes.every((s) => typeof s === "string" && /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(s)))) {
      throw new ServerDefinitionError(`Tool "${definition.name}": scopes must be a list of scope tokens (printable ASCII, no spaces, quotes or backslashes).`);
    }
    checkCacheOptions(definition.cache, `Tool "${definition.name}"`);
    const tool = this.describeTool(definition);
    const headers = paramHeaders(tool.inputSchema);
    if (!headers.ok) throw new ServerDefinitionError(`Tool "${definition.name}": ${headers.reason}.`);
    this.tools.set(definition.name, { definition, tool, paramHeaders: headers.headers });
  }

  addPrompt(prompt: AnyPrompt): void {
    if (!prompt.name) throw new ServerDefinitionError("A prompt needs a name.");
    if (this.prompts.has(prompt.name)) throw new ServerDefinitionError(`Prompt "${prompt.name}" is registered twice.`);
    checkCacheOptions(prompt.cache, `Prompt "${prompt.name}"`);
    checkCompleters(prompt.complete, (prompt.arguments ?? []).map((a) => a.name), `Prompt "${prompt.name}"`, "argument");
    this.prompts.set(prompt.name, prompt);
  }

  addResource(resource: AnyResource): void {
    if (this.resources.has(resource.uri)) throw new ServerDefinitionError(`Resource "${resource.uri}" is registered twice.`);
    checkCacheOptions(resource.cache, `Resource "${resource.uri}"`);
    this.resources.set(resource.uri, resource);
  }

  addTemplate(template: AnyTemplate): void {
    if (this.templates.some((t) => t.definition.uriTemplate === template.uriTemplate)) {
      throw new ServerDefinitionError(`Resource template "${template.uriTemplate}" is registered twice.`);
    }
    checkCacheOptions(template.cache, `Resource template "${template.uriTemplate}"`);
    const match = compileTemplate(template.uriTemplate);
    checkCompleters(template.complete, templateVariables(template.uriTemplate), `Resource template "${template.uriTemplate}"`, "variable");
    this.templates.push({ definition: template, match });
  }

  /** Removes a tool; false when there was none of that name. */
  removeTool(name: string): boolean {
    return this.tools.delete(name);
  }

  removePrompt(name: string): boolean {
    return this.prompts.delete(name);
  }

  removeResource(uri: string): boolean {
    return this.resources.delete(uri);
  }

  removeTemplate(uriTemplate: string): boolean {
    const i = this.templates.findIndex((t) => t.definition.uriTemplate === uriTemplate);
    if (i < 0) return false;
    this.templates.splice(i, 1);
    return true;
  }

  /** Whether any prompt or template suggests values (the `completions` capability). */
  completes(): boolean {
    const any = (c: Completers | undefined) => c !== undefined && Object.keys(c).length > 0;
    return [...this.prompts.values()].some((p) => any(p.complete)) || this.templates.some((t) => any(t.definition.complete));
  }

  /** The wire description of a tool; validators become JSON Schema, and every schema must describe an object. */
  private describeTool(definition: AnyTool): Tool {
    const input: JsonSchemaObject =
      definition.inputSchema === undefined ? { type: "object" } : this.schemas.describe(definition.inputSchema, definition.name, "inputSchema");
    const out: Tool = { name: definition.name, inputSchema: input as Tool["inputSchema"] };
    if (definition.title !== undefined) out.title = definition.title;
    if (definition.description !== undefined) out.description = definition.description;
    if (definition.outputSchema !== undefined) {
      out.outputSchema = this.schemas.describe(definition.outputSchema, definition.name, "outputSchema") as Tool["outputSchema"];
    }
    if (definition.annotations !== undefined) out.annotations = definition.annotations;
    if (definition.icons !== undefined) out.icons = definition.icons;
    if (definition._meta !== undefined) out._meta = definition._meta;
    return out;
  }
}

/** A registration minus what stays on the server (handler, state schema, completers, caching hints). */
const withoutHandler = <T extends { handler: unknown; stateSchema?: unknown; complete?: unknown; cache?: unknown }>({
  handler: _h,
  stateSchema: _s,
  complete: _c,
  cache: _k,
  ...rest
}: T) => rest;

/** The wire description of a prompt. */
export function describePrompt(p: AnyPrompt): Prompt {
  return withoutHandler(p) as Prompt;
}

/** The wire description of a resource. */
export function describeResource(r: AnyResource): Resource {
  return withoutHandler(r) as Resource;
}

/** The wire description of a resource template. */
export function describeTemplate(t: AnyTemplate): ResourceTemplate {
  return withoutHandler(t) as ResourceTemplate;
}
