/**
 * One legacy session, on a link of either transport: the `initialize`
 * handshake (capabilities derived from the client's handlers), the core
 * client's requests carried in the session's terms, and the server's own
 * requests answered by the same input kinds `createClient` was given
 * (elicitation, and through @mrtr/deprecated sampling and roots), within
 * limits. Change notifications feed the emulated `subscriptions/listen`
 * (resources/subscribe under the hood).
 */
import { JsonRpcError, TransportError } from "../errors.js";
import type { EraClient } from "../eras.js";
import type { InputInfo } from "../input-kinds.js";
import { isRecord, lifeStarted } from "@mrtr/internal";
// The one check the client needs, imported alone so a client bundle carries only what it uses.
import { checks as legacyChecks, LEGACY_PROTOCOL_VERSIONS } from "@mrtr/legacy";
import { firstIssueOf } from "@mrtr/zod/check-runtime";
import { LegacyHandshakeError } from "./errors.js";
import type { LegacyLink, Message } from "./link.js";
import { answerThrough } from "./session-hooks.js";
import { discoverResult, legacyParams, modernResponse } from "./translate.js";
import type { ClientSessionInfo } from "../middleware.js";

/** The limits of a session. */
export interface SessionLimits {
  /** Time the server has to answer `initialize`, in ms. */
  initializeTimeoutMs: number;
  /** Server requests being answered at once; more are refused (-32000) until one finishes. */
  maxServerRequests: number;
  /** Time a handler has to answer one server request, in ms; then the server gets an error. */
  serverRequestTimeoutMs: number;
}

interface InitializeAnswer {
  protocolVersion: string;
  capabilities: Record<string, unknown>;
  serverInfo: Record<string, unknown>;
  instructions?: string;
}

type Listener = (notification: Message) => void;

const key = (id: unknown) => JSON.stringify(id);
const CHANGES = new Set(["notifications/tools/list_changed", "notifications/prompts/list_changed", "notifications/resources/list_changed", "notifications/resources/updated"]);

/** What a session learns about a filter: the notifications a listen stream will carry. */
function accepted(filter: Record<string, unknown>, caps: Record<string, any>, subscribed: string[]): Record<string, unknown> {
  return {
    ...(filter.toolsListChanged === true && caps.tools?.listChanged && { toolsListChanged: true }),
    ...(filter.promptsListChanged === true && caps.prompts?.listChanged && { promptsListChanged: true }),
    ...(filter.resourcesListChanged === true && caps.resources?.listChanged && { resourcesListChanged: true }),
    ...(subscribed.length > 0 && { resourceSubscriptions: subscribed }),
  };
}

export class LegacySession {
  private handshake: Promise<InitializeAnswer> | undefined;
  private readonly serving = new Map<string, AbortController>();
  private readonly listeners = new Set<Listener>();
  /** What ends with the session: the emulated listen streams, which then fail so the client opens them again. */
  private readonly onEnd: (() => void)[] = [];
  private counter = 0;
  private readonly prefix = `legacy-${globalThis.crypto.randomUUID().slice(0, 8)}-`;
  private closed = false;
  private serverInfo: InputInfo["server"];
  /** The session as middleware sees it, once the handshake is done. */
  private info: ClientSessionInfo | undefined;
  /** Tells the session observers it ended (set when it opened with observers). */
  private ended: ((end: { errorType?: string }) => void) | undefined;

  constructor(
    readonly link: LegacyLink,
    private readonly client: EraClient,
    private readonly limits: SessionLimits,
    private readonly version: string,
    private readonly onNotification: ((notification: Message) => void) | undefined,
    /** Told the version the handshake settled on. */
    private readonly onNegotiated?: (version: string) => void,
  ) {
    link.inbound = (m) => this.receive(m, undefined);
  }

  /** The handshake's answer (sent once). */
  ready(): Promise<InitializeAnswer> {
    if (!this.handshake) {
      const handshake = this.initialize();
      this.handshake = handshake;
      // A failed handshake is tried again by the next request.
      handshake.catch(() => {
        if (this.handshake === handshake) this.handshake = undefined;
      });
    }
    return this.handshake;
  }

  private async initialize(): Promise<InitializeAnswer> {
    const { elicitation, sampling, roots } = this.client.capabilities as Record<string, unknown>;
    const params = {
      protocolVersion: this.version,
      capabilities: { ...(elicitation !== undefined && { elicitation }), ...(sampling !== undefined && { sampling }), ...(roots !== undefined && { roots }) },
      clientInfo: this.client.clientInfo,
    };
    let response: Message;
    try {
      response = await this.link.request(
        { jsonrpc: "2.0", id: this.nextId(), method: "initialize", params },
        { signal: AbortSignal.timeout(this.limits.initializeTimeoutMs), onMessage: (m) => this.receive(m, "initialize") },
      );
    } catch (error) {
      if ((error as Error | undefined)?.name === "TimeoutError" || (error as Error | undefined)?.name === "RequestTimeoutError") {
        throw new LegacyHandshakeError(`The server did not answer initialize within ${this.limits.initializeTimeoutMs} ms (legacyClient's initializeTimeoutMs option).`);
      }
      throw error;
    }
    if (isRecord(response.error)) {
      throw new LegacyHandshakeError(`The server refused initialize: ${String(response.error.message)} (${String(response.error.code)}).`, response.error);
    }
    const issue = firstIssueOf(legacyChecks.InitializeResult, response.result);
    if (issue) throw new LegacyHandshakeError(`The server's initialize result is malformed: ${issue.path.join(".")} ${issue.message}`, response.result);
    const answer = response.result as unknown as InitializeAnswer;
    if (!(LEGACY_PROTOCOL_VERSIONS as readonly string[]).includes(answer.protocolVersion)) {
      throw new LegacyHandshakeError(`The server answered initialize with protocol version ${JSON.stringify(answer.protocolVersion)}; this client speaks ${LEGACY_PROTOCOL_VERSIONS.join(" and ")} (and 2026-07-28).`);
    }
    this.serverInfo = answer.serverInfo as unknown as InputInfo["server"];
    this.link.negotiated(answer.protocolVersion);
    try {
      this.onNegotiated?.(answer.protocolVersion);
    } catch {
      // A failing listener must not break the handshake.
    }
    await this.link.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    this.link.opened();
    this.info = { id: this.link.sessionId ?? globalThis.crypto.randomUUID(), protocolVersion: answer.protocolVersion, transport: this.link.transport };
    const observers = this.client.hooks?.flatMap((h) => h.session ?? []);
    if (observers?.length && !this.closed) this.ended = lifeStarted(observers, this.info);
    return answer;
  }

  private nextId(): string {
    return `${this.prefix}${++this.counter}`;
  }

  /** Carries one of the core client's requests: its params in this revision's terms, the answer in the draft's. */
  async request(message: Message, options: { signal?: AbortSignal; onMessage?: (m: Message) => void }): Promise<Message> {
    const init = await this.ready();
    const method = String(message.method);
    if (method === "server/discover") return { jsonrpc: "2.0", id: message.id, result: discoverResult(init) };
    const params = legacyParams(message.params);
    const response = await this.link.request(
      { jsonrpc: "2.0", id: message.id, method, ...(params !== undefined && { params }) },
      {
        ...(options.signal && { signal: options.signal }),
        onMessage: (m) => {
          if (m.method === "notifications/progress") options.onMessage?.(m);
          else this.receive(m, method);
        },
      },
    );
    return modernResponse(method, response);
  }

  /**
   * `subscriptions/listen`, emulated: resources/subscribe for each URI, the
   * acknowledgement a modern server would send, then the session's change
   * notifications the filter names; resolves (after unsubscribing) when
   * `signal` aborts, fails when the session ends.
   */
  async listen(message: Message, options: { signal: AbortSignal; onMessage?: (m: Message) => void }): Promise<undefined> {
    const init = await this.ready();
    const filter = isRecord(message.params) && isRecord(message.params.notifications) ? message.params.notifications : {};
    const caps = init.capabilities as Record<string, any>;
    const wanted = Array.isArray(filter.resourceSubscriptions) ? filter.resourceSubscriptions.filter((u): u is string => typeof u === "string") : [];
    const subscribed: string[] = [];
    if (caps.resources?.subscribe) {
      for (const uri of wanted) {
        const r = await this.link.request({ jsonrpc: "2.0", id: this.nextId(), method: "resources/subscribe", params: { uri } }, { signal: options.signal });
        if (isRecord(r.error)) throw new JsonRpcError(Number(r.error.code), String(r.error.message), r.error.data);
        subscribed.push(uri);
      }
    }
    const ack = accepted(filter, caps, subscribed);
    const meta = { "io.modelcontextprotocol/subscriptionId": message.id };
    const forward = (m: Message) => options.onMessage?.({ ...m, params: { ...(isRecord(m.params) ? m.params : {}), _meta: meta } });
    forward({ jsonrpc: "2.0", method: "notifications/subscriptions/acknowledged", params: { notifications: ack } });
    const wants = (m: Message) => {
      switch (m.method) {
        case "notifications/tools/list_changed":
          return ack.toolsListChanged === true;
        case "notifications/prompts/list_changed":
          return ack.promptsListChanged === true;
        case "notifications/resources/list_changed":
          return ack.resourcesListChanged === true;
        case "notifications/resources/updated":
          return isRecord(m.params) && subscribed.includes(m.params.uri as string);
      }
      return false;
    };
    const listener: Listener = (m) => wants(m) && forward({ jsonrpc: "2.0", method: m.method, ...(isRecord(m.params) && { params: m.params }) });
    this.listeners.add(listener);
    try {
      await new Promise<void>((resolve, reject) => {
        if (options.signal.aborted) return resolve();
        options.signal.addEventListener("abort", () => resolve(), { once: true });
        this.onEnd.push(() => reject(new TransportError("The legacy session ended; the subscription is opened again in a new one.")));
      });
    } finally {
      this.listeners.delete(listener);
    }
    if (!this.closed) {
      for (const uri of subscribed) {
        void this.link.request({ jsonrpc: "2.0", id: this.nextId(), method: "resources/unsubscribe", params: { uri } }).catch(() => undefined);
      }
    }
    return undefined;
  }

  /** A notification the core client sends (outside the session's own: cancellation of a request goes through its signal). */
  async notify(message: Message): Promise<void> {
    await this.ready();
    const params = legacyParams(message.params);
    await this.link.send({ jsonrpc: "2.0", method: message.method, ...(params !== undefined && { params }) });
  }

  /** A message of the server's: a request to answer, or a notification. `related` is the method of the request whose stream carried it. */
  private receive(m: Message, related: string | undefined): void {
    if (typeof m.method !== "string") return;
    if ("id" in m) return void this.serve(m, related);
    if (m.method === "notifications/cancelled") {
      const id = isRecord(m.params) ? m.params.requestId : undefined;
      this.serving.get(key(id))?.abort(new Error("The server cancelled its request."));
      return;
    }
    if (CHANGES.has(m.method)) for (const l of [...this.listeners]) l(m);
    try {
      this.onNotification?.(m);
    } catch {
      // A failing listener must not break the session.
    }
  }

  /** Answers one server request through the client's input kinds, within the limits. */
  private async serve(m: Message, related: string | undefined): Promise<void> {
    const id = m.id;
    const reply = (body: { result: unknown } | { error: { code: number; message: string } }) => this.link.send({ jsonrpc: "2.0", id, ...body }).catch(() => undefined);
    if (typeof id !== "string" && !(typeof id === "number" && Number.isInteger(id))) return;
    const method = m.method as string;
    if (method === "ping") return void reply({ result: {} });
    const k = key(id);
    if (this.serving.has(k)) return void reply({ error: { code: -32600, message: `Request id ${k} is already in use by another request of yours that is not answered yet.` } });
    if (this.serving.size >= this.limits.maxServerRequests) {
      return void reply({ error: { code: -32000, message: `Too many requests at once: this client answers ${this.limits.maxServerRequests} at a time (legacyClient's maxServerRequests option).` } });
    }
    const kind = this.client.kinds.get(method);
    if (!kind) return void reply({ error: { code: -32601, message: `Method not found: ${method} (this client did not declare it)` } });
    const request = { method, ...(m.params !== undefined && { params: m.params }) };
    const verdict = kind.check(request);
    if (!verdict.ok) return void reply({ error: { code: -32602, message: verdict.kind === "undeclared" ? `Not declared by this client: ${verdict.fix}` : `Invalid params: ${verdict.problem}` } });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error("timeout")), this.limits.serverRequestTimeoutMs);
    this.serving.set(k, controller);
    const info: InputInfo = { key: k, method: related ?? "", server: this.serverInfo, signal: controller.signal };
    try {
      const inbound = this.client.hooks?.flatMap((h) => h.inbound ?? []);
      const given = inbound?.length
        ? await answerThrough(inbound, { method, id, params: isRecord(m.params) ? m.params : {}, session: this.info ?? { id: this.link.sessionId ?? "", protocolVersion: this.version, transport: this.link.transport } }, () => kind.answer(request, info))
        : await kind.answer(request, info);
      const answer = kind.prepare(request, given, k);
      if (!controller.signal.aborted) await reply({ result: answer });
      else if ((controller.signal.reason as Error).message === "timeout") await reply({ error: { code: -32603, message: `The client's handler did not answer within ${this.limits.serverRequestTimeoutMs} ms.` } });
    } catch (error) {
      // Cancelled by the server: it expects no answer.
      if (controller.signal.aborted && (controller.signal.reason as Error).message !== "timeout") return;
      await reply({ error: { code: -32603, message: error instanceof Error ? error.message : String(error) } });
    } finally {
      clearTimeout(timer);
      this.serving.delete(k);
    }
  }


  /** Ends the session: listen streams fail (to be opened again elsewhere), handlers are aborted, the link closes. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.ended?.({});
    for (const end of this.onEnd.splice(0)) end();
    for (const c of this.serving.values()) c.abort(new Error("The session ended."));
    await this.link.close();
  }
}
