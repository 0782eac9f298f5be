/**
 * The host's requests to its view awaiting an answer: ids of their own, a
 * time bound each, at most `maxPendingHostRequests` at once, and every one
 * settled when the bridge closes.
 */
import type { ViewBridgeLimits } from "./bridge-limits.js";
import { request, type RequestId, type RpcErrorBody } from "./json-rpc.js";
import { ViewBridgeError } from "./view-bridge-error.js";

interface Pending {
  readonly method: string;
  readonly resolve: (result: Record<string, unknown>) => void;
  readonly reject: (error: ViewBridgeError) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

/** The host's pending requests to one view. */
export class HostRequests {
  readonly #pending = new Map<RequestId, Pending>();
  #next = 1;

  /** Requests sent with `send`, bounded by `limits`. */
  constructor(
    private readonly send: (message: Record<string, unknown>) => void,
    private readonly limits: Readonly<ViewBridgeLimits>,
  ) {}

  /** Sends a request and resolves to its result; `urgent` (teardown) goes past the count limit. */
  start(method: string, params: Record<string, unknown>, timeoutMs: number, urgent = false): Promise<Record<string, unknown>> {
    const max = this.limits.maxPendingHostRequests;
    if (!urgent && this.#pending.size >= max) {
      return Promise.reject(new ViewBridgeError("limit", `${max} requests to the view await an answer already (limits.maxPendingHostRequests); await them first.`));
    }
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.#fail(id, new ViewBridgeError("timeout", `The view did not answer ${method} within ${timeoutMs} ms.`)), timeoutMs);
      this.#pending.set(id, { method, resolve, reject, timer });
      this.send(request(id, method, params));
    });
  }

  /** Settles the request a response of the view answers; false when none awaits it. */
  settle(id: RequestId, result: Record<string, unknown> | undefined, error: RpcErrorBody | undefined): boolean {
    const pending = this.#take(id);
    if (!pending) return false;
    if (error) pending.reject(new ViewBridgeError("error-response", `The view answered ${pending.method} with error ${error.code}: ${error.message}`, error.code, error.data));
    else pending.resolve(result ?? {});
    return true;
  }

  /** Rejects every pending request: the bridge closed. */
  closeAll(): void {
    for (const id of [...this.#pending.keys()]) this.#fail(id, new ViewBridgeError("closed", "The view bridge was closed before the view answered."));
  }

  #fail(id: RequestId, error: ViewBridgeError): void {
    this.#take(id)?.reject(error);
  }

  #take(id: RequestId): Pending | undefined {
    const pending = this.#pending.get(id);
    if (!pending) return undefined;
    clearTimeout(pending.timer);
    this.#pending.delete(id);
    return pending;
  }
}
