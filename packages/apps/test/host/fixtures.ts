/**
 * What the host tests share: a fake view (an in-memory pair of functions
 * around a bridge), a real @mrtr/server with a view and its tools reached by
 * a real @mrtr/client in-process, and ext-apps' JSON Schema as the oracle.
 */
import { createClient, type McpClient } from "@mrtr/client";
import { createServer, inProcessTransport, McpInvalidParamsError } from "@mrtr/server";
import { Ajv2020 } from "ajv/dist/2020.js";
import { createRequire } from "node:module";
import { appView } from "../../src/server/index.js";
import { appsExtension, createViewBridge, type ViewBridge, type ViewBridgeOptions, type ViewServerClient } from "../../src/host/index.js";

export type Message = Record<string, any>;

const schema = createRequire(import.meta.url)("@modelcontextprotocol/ext-apps/schema.json") as { $defs: Record<string, object> };
const ajv = new Ajv2020({ strict: false, allErrors: true });
const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

/** The errors of ext-apps' JSON Schema definition `name` for `value` ([] when it validates). */
export function oracle(name: string, value: unknown): unknown[] {
  const check = compiled.get(name) ?? ajv.compile(schema.$defs[name]!);
  compiled.set(name, check);
  return check(value) ? [] : (check.errors ?? []);
}

/**
 * `value` without `containerDimensions` (in it, or in its `hostContext` or
 * `params`): ext-apps 2.0.4's JSON Schema makes that field an allOf of
 * closed objects, which no value naming both a height and a width (such as
 * the spec's own `{ "width": 400, "maxHeight": 600 }`) can satisfy, so the
 * oracle is asked about the rest.
 */
export function withoutDimensions<T>(value: T): T {
  const strip = (o: Message | undefined) => (o && "containerDimensions" in o ? (({ containerDimensions: _, ...rest }) => rest)(o) : o);
  const v = strip(value as Message)!;
  return { ...v, ...(v.hostContext && { hostContext: strip(v.hostContext) }), ...(v.params && { params: strip(v.params) }) } as T;
}

/** A request or notification as ext-apps' schema describes it: method and params, no jsonrpc or id. */
export const bare = ({ jsonrpc: _, id: __, ...rest }: Message) => rest;

/** A view in memory: what the bridge sent it, and how it talks to the bridge. */
export class FakeView {
  readonly sent: Message[] = [];
  bridge!: ViewBridge;
  #next = 1;
  readonly #waiting = new Map<unknown, (m: Message) => void>();

  /** The bridge's `send`. */
  readonly send = (message: Record<string, unknown>) => {
    this.sent.push(message);
    if ("id" in message && !("method" in message)) this.#waiting.get(message.id)?.(message);
  };

  /** Sends a request and resolves to the bridge's response (whole). */
  request(method: string, params?: unknown, id: string | number = this.#next++): Promise<Message> {
    return new Promise((resolve) => {
      this.#waiting.set(id, resolve);
      this.bridge.receive({ jsonrpc: "2.0", id, method, ...(params !== undefined && { params }) });
    });
  }

  /** Sends a notification. */
  notify(method: string, params?: unknown): void {
    this.bridge.receive({ jsonrpc: "2.0", method, ...(params !== undefined && { params }) });
  }

  /** The notifications the bridge sent (of `method`, if given). */
  notifications(method?: string): Message[] {
    return this.sent.filter((m) => !("id" in m) && (method === undefined || m.method === method));
  }

  /** The requests the bridge sent. */
  requests(): Message[] {
    return this.sent.filter((m) => "id" in m && "method" in m);
  }

  /** The handshake as ext-apps' App does it: ui/initialize, then initialized. */
  async handshake(params: Message = {}): Promise<Message> {
    const response = await this.request("ui/initialize", { appInfo: { name: "view", version: "1.0.0" }, appCapabilities: {}, protocolVersion: "2026-01-26", ...params });
    this.notify("ui/notifications/initialized");
    return response;
  }
}

/** A tool as tools/list gives it. */
export const listed = (name: string, visibility?: ("model" | "app")[]) => ({ name, inputSchema: { type: "object" }, _meta: { ui: { resourceUri: "ui://w/v", ...(visibility && { visibility }) } } });

/** A client that must not be called. */
export const noClient: ViewServerClient = {
  callTool: () => Promise.reject(new Error("callTool must not be called")),
  readResource: () => Promise.reject(new Error("readResource must not be called")),
};

/** A bridge to a fake view, with `overrides` over plain options. */
export function fakeBridge(overrides: Partial<ViewBridgeOptions> = {}): { view: FakeView; bridge: ViewBridge; warnings: unknown[] } {
  const view = new FakeView();
  const warnings: unknown[] = [];
  view.bridge = createViewBridge({
    send: view.send,
    client: noClient,
    tool: listed("show"),
    tools: [listed("show"), listed("refresh", ["app"]), listed("secret", ["model"])],
    hostInfo: { name: "test-host", version: "1.0.0" },
    onWarning: (w) => warnings.push(w),
    ...overrides,
  });
  return { view, bridge: view.bridge, warnings };
}

/** A weather server with a view, its tools (one for both, one app-only, one model-only, one without _meta.ui, one failing with a JSON-RPC error) and a data resource. */
export function weatherServer() {
  const server = createServer({ name: "weather", version: "1.0.0" });
  const calls: string[] = [];
  const text = (t: string) => ({ content: [{ type: "text" as const, text: t }] });
  appView(server, { uri: "ui://w/v", name: "dashboard", html: "<!doctype html><p>weather</p>" })
    .tool({ name: "show", description: "The weather", handler: () => (calls.push("show"), { ...text("Lyon: sunny"), structuredContent: { city: "Lyon", c: 21 } }) })
    .tool({ name: "refresh", visibility: ["app"], handler: (args) => (calls.push("refresh"), text(`refreshed ${JSON.stringify(args)}`)) })
    .tool({ name: "secret", visibility: ["model"], handler: () => (calls.push("secret"), text("model only")) });
  server.tool({ name: "plain", handler: () => (calls.push("plain"), text("plain")) });
  server.tool({ name: "failing", handler: () => { throw new McpInvalidParamsError("no such city", { city: "Atlantis" }); } });
  server.resource({ uri: "data://w/config", name: "config", mimeType: "application/json", handler: () => ({ contents: [{ uri: "data://w/config", mimeType: "application/json", text: '{"unit":"C"}' }] }) });
  return { server, calls };
}

/** A client of `server` that declares views, as a host that renders them. */
export function hostClient(server: ReturnType<typeof createServer>): McpClient {
  return createClient({ transport: inProcessTransport(server), name: "host", version: "1.0.0", extensions: [appsExtension()] });
}
