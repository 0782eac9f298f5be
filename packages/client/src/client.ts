/**
 * createClient: a client of the draft protocol that makes multi round-trip
 * requests invisible (`callTool` returns the final result, answering input
 * requests through the registered handlers) or fully controllable (`start` /
 * `resume`). It only wires: the core (`core.ts`) holds what every call
 * shares, a call runs through the cache (`cached-call.ts`) and the flow
 * (`flow.ts`, one `step.ts` per round), manual mode is `manual.ts`, listen
 * streams `listen.ts`, and extensions are linked last (`extensions.ts`).
 */
import type { DiscoverResult, Prompt, Resource, ResourceTemplate, Tool } from "@mrtr/schema";
import { CACHE_DEFAULTS, ResultCache } from "./cache.js";
import { invalidate } from "./cache-invalidation.js";
import { cachedCall } from "./cached-call.js";
import { createCore } from "./core.js";
import { linkExtensions } from "./extensions.js";
import { LIST_DEFAULTS, listAllOf } from "./list-all.js";
import { listenEvents } from "./listen.js";
import { CORE_LISTEN_METHODS } from "./listen-open.js";
import { resume, start } from "./manual.js";
import { checkClientOptions } from "./option-check.js";
import type { ClientOptions, ListenEvent, McpClient } from "./types.js";

/**
 * Creates a client on a transport (`httpTransport`, `stdioTransport` from
 * `@mrtr/client/stdio`, or your own). Its calls run the multi round-trip for
 * you: an `input_required` answer goes to the handlers you registered
 * (`elicitation.form`, `elicitation.url`, plugins' input kinds) and the
 * request is sent again with their answers, within `maxRounds` and the other
 * limits of its options.
 * The capabilities it declares follow from the handlers given.
 *
 * @example
 * ```ts
 * const client = createClient({ transport: httpTransport("https://mcp.example.com/mcp"), name: "my-agent", version: "1.0.0" });
 * const result = await client.callTool("search", { query: "mrtr" });
 * ```
 */
export function createClient(options: ClientOptions): McpClient {
  checkClientOptions(options);
  const core = createCore(options);
  const cache = options.cache === false ? undefined : new ResultCache({ ...CACHE_DEFAULTS, ...options.cache });
  const request = cachedCall(core, cache);
  const maxListPages = options.maxListPages ?? LIST_DEFAULTS.maxPages;
  // The notifications listen streams pass on: the core's and those the extensions take.
  const listened = new Set([...CORE_LISTEN_METHODS, ...(options.extensions ?? []).flatMap((e) => e.listenNotifications ?? [])]);
  const client: McpClient = {
    capabilities: core.capabilities,
    async discover(o) {
      const result: DiscoverResult = await request("server/discover", {}, o);
      core.server = result._meta?.["io.modelcontextprotocol/serverInfo"];
      return result;
    },
    listTools: (p = {}, o) => request("tools/list", p, o),
    callTool: (name, args = {}, o) => request("tools/call", { name, arguments: args }, o),
    listPrompts: (p = {}, o) => request("prompts/list", p, o),
    getPrompt: (name, args = {}, o) => request("prompts/get", { name, arguments: args }, o),
    listResources: (p = {}, o) => request("resources/list", p, o),
    listResourceTemplates: (p = {}, o) => request("resources/templates/list", p, o),
    readResource: (uri, o) => request("resources/read", { uri }, o),
    listAllTools: listAllOf<Tool>(request, "tools/list", "tools", maxListPages),
    listAllPrompts: listAllOf<Prompt>(request, "prompts/list", "prompts", maxListPages),
    listAllResources: listAllOf<Resource>(request, "resources/list", "resources", maxListPages),
    listAllResourceTemplates: listAllOf<ResourceTemplate>(request, "resources/templates/list", "resourceTemplates", maxListPages),
    complete: (ref, argument, context, o) => request("completion/complete", { ref, argument, ...(context !== undefined && { context }) }, o),
    listen: ((filter, o = {}) => {
      core.open();
      const signal = o.signal ? AbortSignal.any([o.signal, core.closed]) : core.closed;
      // An extension's notifications (notifications/tasks) say nothing of the cached lists and reads.
      return listenEvents(core, filter, { ...o, signal }, (event) => cache && CORE_LISTEN_METHODS.has(event.method) && invalidate(cache, event as ListenEvent), listened);
    }) as McpClient["listen"],
    clearCache: () => cache?.clear(),
    close: () => core.close(),
    request: request as McpClient["request"],
    start: (method, params = {}, o) => start(core, method, params, o),
    resume: (pending, inputResponses, o) => resume(core, pending, inputResponses, o),
  };
  linkExtensions(options.extensions, client, core, listened);
  return client;
}
