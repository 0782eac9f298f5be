import type { Abortable, AbortLink } from "./request-abort.js";

/**
 * Makes `controller` abort with `source` (at once when it already has): a
 * signal, through a listener, or a binding's abort link, through a hook.
 * Returns the function that stops following it.
 */
export function follow(source: AbortSignal | AbortLink | undefined, controller: Abortable): () => void {
  if (!source) return () => undefined;
  if (source.aborted) {
    controller.abort(source.reason);
    return () => undefined;
  }
  if (!("addEventListener" in source)) return source.onAbort((reason) => controller.abort(reason));
  const onAbort = () => controller.abort(source.reason);
  source.addEventListener("abort", onAbort, { once: true });
  return () => source.removeEventListener("abort", onAbort);
}
