/**
 * `appView(server, definition)`: a view (a `ui://` resource served as
 * `text/html;profile=mcp-app` with its `_meta.ui`) and the tools it renders,
 * checked at registration. A view tool's `_meta.ui` names the view and who
 * may call it; each of its results must still carry content (hosts without
 * views show only that, and the model reads it); an app-only tool called by
 * a client that renders no views answers with a tool error saying what it
 * is for, so a model that sees it (its host did not filter) learns not to.
 */
import { isInputRequired, ServerDefinitionError, type McpServer, type RequestContext, type ToolDefinition } from "@mrtr/server";
import { VIEW_MIME_TYPE, type ViewMeta, type Visibility } from "../ui-meta.js";
import { toolViewMetaProblems, viewMetaProblems, viewUriProblem } from "../view-meta-checks.js";
import { supportsViews } from "./supports-views.js";

/** A view: its resource, its document and its `_meta.ui`. */
export interface ViewDefinition extends ViewMeta {
  /** Its `ui://` URI. */
  uri: string;
  /** Its name in `resources/list`. */
  name: string;
  /** A display name for people. */
  title?: string;
  /** What it shows. */
  description?: string;
  /** The HTML document, or what makes it on each read. */
  html: string | ((ctx: RequestContext) => string | Promise<string>);
}

/** A tool a view renders, with who may call it (default both the model and the view). */
export type ViewToolDefinition<A, S, X> = ToolDefinition<A, S, X> & {
  /** `["model", "app"]` (default), `["app"]` (only the view: hidden from the model by hosts that filter) or `["model"]`. */
  visibility?: Visibility[];
};

/** A registered view: add the tools it renders. */
export interface AppView<X> {
  /** Its `ui://` URI. */
  readonly uri: string;
  /** Registers a tool this view renders (on the view's server); returns the view. */
  tool<A = Record<string, unknown>, S = unknown>(definition: ViewToolDefinition<A, S, X>): AppView<X>;
}

const VIEWS = new WeakMap<object, Set<string>>();

/** Registers a view on `server`; throws `ServerDefinitionError` naming what is wrong with it. */
export function appView<X>(server: McpServer<X>, definition: ViewDefinition): AppView<X> {
  const { uri, name, title, description, html, csp, permissions, domain, prefersBorder } = definition;
  const meta: ViewMeta = { ...(csp && { csp }), ...(permissions && { permissions }), ...(domain !== undefined && { domain }), ...(prefersBorder !== undefined && { prefersBorder }) };
  const problems = [viewUriProblem(uri), ...viewMetaProblems(meta)].filter((p): p is string => p !== undefined);
  if (typeof html !== "string" && typeof html !== "function") problems.push("html must be the document (a string) or a function making it");
  if (problems.length > 0) throw new ServerDefinitionError(`appView ${JSON.stringify(uri)}: ${problems.join("; ")}.`);
  const views = VIEWS.get(server) ?? new Set<string>();
  if (views.has(uri)) throw new ServerDefinitionError(`appView ${JSON.stringify(uri)} is registered already on this server.`);
  views.add(uri);
  VIEWS.set(server, views);
  const ui = Object.keys(meta).length > 0 ? { _meta: { ui: meta } } : {};
  server.resource({
    uri,
    name,
    ...(title !== undefined && { title }),
    ...(description !== undefined && { description }),
    mimeType: VIEW_MIME_TYPE,
    ...ui,
    handler: async (_uri, ctx) => ({ contents: [{ uri, mimeType: VIEW_MIME_TYPE, text: typeof html === "string" ? html : await html(ctx), ...ui }] }),
  });
  const view: AppView<X> = {
    uri,
    tool(tool) {
      server.tool(viewTool(uri, tool));
      return view;
    },
  };
  return view;
}

/** The tool as the server registers it: `_meta.ui` set, its results checked for content, an app-only tool guarded. */
function viewTool<A, S, X>(uri: string, { visibility, ...tool }: ViewToolDefinition<A, S, X>): ToolDefinition<A, S, X> {
  const ui = { resourceUri: uri, ...(visibility && { visibility }) };
  const problems = toolViewMetaProblems(ui);
  if (problems.length > 0) throw new ServerDefinitionError(`Tool ${JSON.stringify(tool.name)} of view ${uri}: ${problems.join("; ")}.`);
  const appOnly = visibility !== undefined && !visibility.includes("model");
  return {
    ...tool,
    _meta: { ...tool._meta, ui },
    handler: async (args, ctx) => {
      if (appOnly && !supportsViews(ctx)) {
        const text = `${tool.name} is called by the view ${uri} only; this client shows no views. Use the tools meant for the model instead.`;
        return { content: [{ type: "text", text }], isError: true };
      }
      const result = await tool.handler(args, ctx);
      if (isInputRequired(result)) return result;
      const content = (result as { content?: unknown }).content;
      if (Array.isArray(content) && content.length === 0) {
        throw new ServerDefinitionError(
          `Tool ${JSON.stringify(tool.name)} renders the view ${uri} but returned no content: return a text summary too (hosts without views show only that, and the model reads it).`,
        );
      }
      return result;
    },
  };
}
