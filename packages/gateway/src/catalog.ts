/**
 * What the front server offers: every upstream's tools, prompts, resources
 * and templates, registered on it under the names the gateway gives them.
 * Names are made again from all lists whenever one changes, upstreams in
 * configuration order, so every instance with the same lists gives the same
 * names; only what changed is removed and registered again (the front
 * server announces the list changes itself).
 */
import type { Prompt, Resource, ResourceTemplate, Tool } from "@mrtr/schema";
import type { CacheOptions, Completers, InputContext, McpServer } from "@mrtr/server";
import type { UpstreamItems } from "./list-upstream.js";
import { exposedName } from "./namespace.js";
import type { GatewayItem, GatewayItemKind, GatewayWarning } from "./options.js";

/** How the front serves each item: a round of a call to its upstream, and completion there. */
export interface CatalogHandlers {
  call(upstream: string, method: string, params: Record<string, unknown>, ctx: InputContext): Promise<unknown>;
  complete(upstream: string, ref: { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string }, argument: { name: string; value: string }, context: Readonly<Record<string, string>>): Promise<{ values: string[]; total?: number; hasMore?: boolean }>;
}

/** One exposed item: the policy's view of it, how its upstream lists it, and its caching hints. */
export interface Entry {
  readonly item: GatewayItem;
  readonly fingerprint: string;
  /** The upstream's description of it (a Tool, Prompt, Resource or ResourceTemplate). */
  readonly definition: Record<string, unknown>;
  /** The caching hints of the upstream list it came in. */
  readonly cache: CacheOptions | undefined;
}

type Kind = GatewayItemKind;

/** The front's offer, kept in step with the upstreams' lists. */
export class Catalog {
  readonly #lists = new Map<string, UpstreamItems>();
  #entries: Record<Kind, Map<string, Entry>> = { tool: new Map(), prompt: new Map(), resource: new Map(), resourceTemplate: new Map() };

  constructor(
    readonly server: McpServer,
    readonly order: readonly string[],
    readonly namespace: boolean,
    readonly handlers: CatalogHandlers,
    readonly warn: (warning: GatewayWarning) => void,
  ) {}

  /** The item exposed under `name` (a tool or prompt name, a resource URI, a template), if any. */
  item(kind: Kind, name: string): GatewayItem | undefined {
    return this.#entries[kind].get(name)?.item;
  }

  /** Every exposed item of a kind, in the order the upstreams are configured and list them. */
  items(kind: Kind): GatewayItem[] {
    return [...this.#entries[kind].values()].map((e) => e.item);
  }

  /** The resource or template that serves `uri`: the resource of that URI, else the first template matching it (each variable one path segment; `{+x}` and `{#x}` anything). */
  resourceItem(uri: string): GatewayItem | undefined {
    return (
      this.item("resource", uri) ??
      this.items("resourceTemplate").find((item) => {
        const pattern = item.exposed
          .split(/(\{[^}]*\})/)
          .map((part) => (part.startsWith("{") ? (/^\{[+#]/.test(part) ? ".*" : "[^/?#]*") : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
          .join("");
        return new RegExp(`^${pattern}$`).test(uri);
      })
    );
  }

  /** Every exposed entry of a kind, in the same order. */
  entries(kind: Kind): Entry[] {
    return [...this.#entries[kind].values()];
  }

  /** How many items an upstream offers through the gateway. */
  count(upstream: string): number {
    const l = this.#lists.get(upstream);
    return l ? l.tools.items.length + l.prompts.items.length + l.resources.items.length + l.templates.items.length : 0;
  }

  /** An upstream's lists changed (undefined: it offers nothing now). */
  set(upstream: string, items: UpstreamItems | undefined): void {
    if (items) this.#lists.set(upstream, items);
    else this.#lists.delete(upstream);
    this.#rebuild();
  }

  #rebuild(): void {
    const next: Record<Kind, Map<string, Entry & { register: () => void }>> = { tool: new Map(), prompt: new Map(), resource: new Map(), resourceTemplate: new Map() };
    for (const upstream of this.order) {
      const lists = this.#lists.get(upstream);
      if (!lists) continue;
      for (const tool of lists.tools.items) this.#add(next.tool, "tool", upstream, tool.name, tool, lists.tools.cache, (exposed) => this.#tool(upstream, exposed, tool, lists.tools.cache));
      for (const prompt of lists.prompts.items) this.#add(next.prompt, "prompt", upstream, prompt.name, prompt, lists.prompts.cache, (exposed) => this.#prompt(upstream, exposed, prompt, lists.prompts.cache, lists.completions));
      for (const resource of lists.resources.items) this.#add(next.resource, "resource", upstream, resource.uri, resource, lists.resources.cache, () => this.#resource(upstream, resource, lists.resources.cache));
      for (const template of lists.templates.items) this.#add(next.resourceTemplate, "resourceTemplate", upstream, template.uriTemplate, template, lists.templates.cache, () => this.#template(upstream, template, lists.templates.cache, lists.completions));
    }
    for (const kind of Object.keys(next) as Kind[]) {
      const before = this.#entries[kind];
      for (const [name, entry] of before) if (next[kind].get(name)?.fingerprint !== entry.fingerprint) this.#remove(kind, name);
      for (const [name, entry] of next[kind]) {
        if (before.get(name)?.fingerprint === entry.fingerprint) continue;
        try {
          entry.register();
        } catch (error) {
          next[kind].delete(name);
          this.warn({ kind: "item-skipped", upstream: entry.item.upstream, message: `Upstream "${entry.item.upstream}": ${kind} ${JSON.stringify(entry.item.name)} is not offered: ${(error as Error).message}` });
        }
      }
    }
    this.#entries = next;
  }

  /** Names one item into `into` (tools and prompts namespaced; resources by URI, the first upstream keeping a URI two offer). */
  #add(into: Map<string, Entry & { register: () => void }>, kind: Kind, upstream: string, name: string, definition: object, cache: CacheOptions | undefined, register: (exposed: string) => void): void {
    const named = kind === "tool" || kind === "prompt";
    const exposed = named ? exposedName(upstream, name, into, this.namespace) : name;
    if (!named && into.has(exposed)) {
      this.warn({ kind: "name-collision", upstream, message: `Upstream "${upstream}" offers ${JSON.stringify(name)}, which upstream "${into.get(exposed)!.item.upstream}" offers already; the first keeps it.` });
      return;
    }
    if (named && exposed !== (this.namespace ? `${upstream}_${name}` : name)) {
      this.warn({ kind: "name-collision", upstream, message: `Upstream "${upstream}": ${kind} ${JSON.stringify(name)} is offered as ${JSON.stringify(exposed)} (its plain name is not a valid or free name).` });
    }
    into.set(exposed, { item: { kind, upstream, name, exposed }, fingerprint: `${upstream}\u0000${JSON.stringify(definition)}\u0000${JSON.stringify(cache)}`, definition: definition as Record<string, unknown>, cache, register: () => register(exposed) });
  }

  #remove(kind: Kind, name: string): void {
    if (kind === "tool") this.server.removeTool(name);
    else if (kind === "prompt") this.server.removePrompt(name);
    else if (kind === "resource") this.server.removeResource(name);
    else this.server.removeResourceTemplate(name);
  }

  #tool(upstream: string, exposed: string, tool: Tool, cache: CacheOptions | undefined): void {
    const { name, inputSchema, outputSchema, title, description, annotations, icons, _meta } = tool;
    this.server.tool({
      name: exposed,
      ...(title !== undefined && { title }),
      ...(description !== undefined && { description }),
      inputSchema: inputSchema as never,
      ...(outputSchema !== undefined && { outputSchema: outputSchema as never }),
      ...(annotations !== undefined && { annotations }),
      ...(icons !== undefined && { icons }),
      ...(_meta !== undefined && { _meta }),
      ...(cache && { cache }),
      handler: (args, ctx) => this.handlers.call(upstream, "tools/call", { name, arguments: args }, ctx) as never,
    });
  }

  #prompt(upstream: string, exposed: string, prompt: Prompt, cache: CacheOptions | undefined, completes: boolean): void {
    const { name, title, description, icons } = prompt;
    const args = prompt.arguments ?? [];
    const complete: Completers | undefined = completes && args.length > 0 ? Object.fromEntries(args.map((a) => [a.name, (value, ctx) => this.handlers.complete(upstream, { type: "ref/prompt", name }, { name: a.name, value }, ctx.arguments)])) : undefined;
    this.server.prompt({
      name: exposed,
      ...(title !== undefined && { title }),
      ...(description !== undefined && { description }),
      ...(args.length > 0 && { arguments: args }),
      ...(icons !== undefined && { icons }),
      ...(complete && { complete }),
      ...(cache && { cache }),
      handler: (a, ctx) => this.handlers.call(upstream, "prompts/get", { name, arguments: a }, ctx) as never,
    });
  }

  #resource(upstream: string, resource: Resource, cache: CacheOptions | undefined): void {
    this.server.resource({ ...resource, ...(cache && { cache }), handler: (uri, ctx) => this.handlers.call(upstream, "resources/read", { uri }, ctx) as never });
  }

  #template(upstream: string, template: ResourceTemplate, cache: CacheOptions | undefined, completes: boolean): void {
    const variables = [...template.uriTemplate.matchAll(/\{[+#./;?&]?([^}]+)\}/g)].flatMap((m) => m[1]!.split(",").map((v) => v.replace(/[*]|:\d+$/g, "")));
    const complete: Completers | undefined = completes && variables.length > 0 ? Object.fromEntries(variables.map((v) => [v, (value, ctx) => this.handlers.complete(upstream, { type: "ref/resource", uri: template.uriTemplate }, { name: v, value }, ctx.arguments)])) : undefined;
    this.server.resourceTemplate({ ...template, ...(complete && { complete }), ...(cache && { cache }), handler: (uri, _variables, ctx) => this.handlers.call(upstream, "resources/read", { uri }, ctx) as never });
  }
}
