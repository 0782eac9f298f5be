/**
 * How one request is ended early (the peer went away, notifications/cancelled,
 * a stream that backed up, middleware): `AbortController`'s face (`abort`,
 * `signal`) with the `AbortSignal` made only when something reads it. On
 * Node an `AbortSignal` costs about 3 µs to make and its listeners about
 * 1.5 µs each; most requests end without anyone looking at their signal, so
 * the dispatcher follows the abort through plain hooks and a handler that
 * reads `ctx.signal` gets a real signal, already aborted if the request was.
 */

/** What can end a request: an `AbortController`, or a {@link RequestAbort}. */
export interface Abortable {
  /** Ends the request with `reason`. */
  abort(reason?: unknown): void;
}

/** A request's abort as a binding hands it on without an `AbortSignal` (`HandleOptions.abort`): followed through a hook. */
export interface AbortLink {
  /** Whether the request was aborted. */
  readonly aborted: boolean;
  /** Why, once aborted. */
  readonly reason: unknown;
  /** Calls `hook` when the request is aborted (not when it already was); returns the function that stops it. */
  onAbort(hook: (reason: unknown) => void): () => void;
}

/**
 * One request's abort for a binding or an extension that serves requests
 * (`HandleOptions.abort`): aborted once, followed through `onAbort` hooks,
 * and an `AbortSignal` only for whoever reads `signal`.
 */
export class RequestAbort implements Abortable, AbortLink {
  #controller: AbortController | undefined;
  #aborted = false;
  #reason: unknown;
  /** A set, so a connection's abort followed by each request in flight drops each hook in constant time. */
  #hooks: Set<(reason: unknown) => void> | undefined;

  /** The request's signal, made on first read. */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  /** Whether the request was aborted. */
  get aborted(): boolean {
    return this.#aborted;
  }

  /** Why the request was aborted (as `AbortSignal.reason`: an `AbortError` when no reason was given). */
  get reason(): unknown {
    return this.#reason;
  }

  /** Aborts once: later calls change nothing, as with `AbortController`. */
  abort(reason?: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason === undefined ? new DOMException("This operation was aborted", "AbortError") : reason;
    this.#controller?.abort(this.#reason);
    const hooks = this.#hooks;
    this.#hooks = undefined;
    for (const hook of hooks ?? []) hook(this.#reason);
  }

  /** Calls `hook` when the request is aborted (not when it already was); returns the function that stops it. */
  onAbort(hook: (reason: unknown) => void): () => void {
    if (this.#aborted) return () => undefined;
    (this.#hooks ??= new Set()).add(hook);
    return () => void this.#hooks?.delete(hook);
  }
}
