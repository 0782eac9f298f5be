// A stand-in for the view's script (poll-view.ts) at the other end of the channel, so a host can be run and
// tested without a browser: it sends the view's requests and notifications, and answers the host's.
import type { MessagePort } from "node:worker_threads";

/** A JSON-RPC message as it travels between host and view. */
export type Message = { jsonrpc: "2.0"; id?: string | number; method?: string; params?: Record<string, any>; result?: Record<string, any>; error?: { code: number; message: string } };

/** The view's end of the channel. */
export class HeadlessView {
  /** The notifications the host sent, in order. */
  readonly notifications: Message[] = [];
  readonly #port: MessagePort;
  readonly #pending = new Map<string | number, (reply: Message) => void>();
  readonly #waiting: { method: string; resolve: (params: Record<string, any>) => void }[] = [];
  #nextId = 0;

  constructor(port: MessagePort) {
    this.#port = port;
    port.on("message", (message: Message) => this.#take(message));
  }

  /** Sends a request to the host and resolves to its reply (a result or an error). */
  request(method: string, params: Record<string, unknown> = {}): Promise<Message> {
    const id = ++this.#nextId;
    return new Promise((resolve) => {
      this.#pending.set(id, resolve);
      this.#port.postMessage({ jsonrpc: "2.0", id, method, params });
    });
  }

  /** Sends a notification to the host. */
  notify(method: string, params: Record<string, unknown> = {}): void {
    this.#port.postMessage({ jsonrpc: "2.0", method, params });
  }

  /** The params of the first notification `method` the host sent (now, or when it comes). */
  notification(method: string): Promise<Record<string, any>> {
    const sent = this.notifications.find((n) => n.method === method);
    if (sent) return Promise.resolve(sent.params ?? {});
    return new Promise((resolve) => this.#waiting.push({ method, resolve }));
  }

  /** The view's handshake: ui/initialize, then ui/notifications/initialized (before it, the host sends nothing). */
  async initialize(): Promise<Message> {
    const reply = await this.request("ui/initialize", { appInfo: { name: "poll-board", version: "1.0.0" }, appCapabilities: {}, protocolVersion: "2026-01-26" });
    this.notify("ui/notifications/initialized");
    return reply;
  }

  /** Stops listening. */
  close(): void {
    this.#port.close();
  }

  #take(message: Message): void {
    if (message.method === undefined && message.id !== undefined) {
      this.#pending.get(message.id)?.(message);
      this.#pending.delete(message.id);
    } else if (message.method !== undefined && message.id !== undefined) {
      // The host's requests: ui/resource-teardown (save, then answer) and ping.
      this.#port.postMessage({ jsonrpc: "2.0", id: message.id, result: {} });
    } else if (message.method !== undefined) {
      this.notifications.push(message);
      const index = this.#waiting.findIndex((w) => w.method === message.method);
      if (index !== -1) this.#waiting.splice(index, 1)[0]!.resolve(message.params ?? {});
    }
  }
}
