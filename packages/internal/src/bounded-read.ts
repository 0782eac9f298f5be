/**
 * Reading a whole byte stream (a request or response body) without holding
 * more than a limit: the read stops, and the stream is cancelled, as soon as
 * more than `maxBytes` have arrived, when a declared length is already over
 * it, or when the time runs out. One outcome shape for every caller, which
 * turns a failure into its own answer (413, 408, a typed error, a trace
 * record left out).
 */
import { concat } from "./bytes.js";

/** Why a read gave no body. */
export type ReadFailure = "too-large" | "too-slow" | "failed";

/** The body, or why there is none. */
export type BodyRead = { ok: true; bytes: Uint8Array } | { ok: false; failure: ReadFailure };

/** The limits of one read. */
export interface ReadLimits {
  /** Most bytes read. */
  maxBytes: number;
  /** Longest the whole read may take, in ms (none by default). */
  timeoutMs?: number;
  /** A declared length (the `content-length` header): over `maxBytes`, the read fails before it starts. */
  declaredLength?: string | null;
  /**
   * Whether a stopped read waits for the stream's cancellation to finish
   * (default true: a source that is told to stop does so before the caller
   * answers). False for one branch of a tee, whose cancellation settles only
   * once the other branch is done too.
   */
  awaitCancel?: boolean;
}

/** Reads `body` (none is an empty body) within `limits`. Never throws. */
export async function readWithin(body: ReadableStream<Uint8Array> | null, limits: ReadLimits): Promise<BodyRead> {
  const settle = async (cancelling: Promise<void> | undefined) => {
    const quiet = cancelling?.catch(() => undefined);
    if (limits.awaitCancel !== false) await quiet;
  };
  // A declared length over the limit: nothing is read, and the stream is left as it is (the caller may cancel it, or,
  // as Node's HTTP server does with a request, drain it).
  const declared = Number(limits.declaredLength ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limits.maxBytes) return { ok: false, failure: "too-large" };
  if (!body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late =
    limits.timeoutMs === undefined
      ? undefined
      : new Promise<"too-slow">((resolve) => {
          timer = setTimeout(() => resolve("too-slow"), limits.timeoutMs);
        });
  const stop = async (failure: ReadFailure): Promise<BodyRead> => {
    await settle(reader.cancel());
    return { ok: false, failure };
  };
  try {
    for (;;) {
      const next = late ? await Promise.race([reader.read(), late]) : await reader.read();
      if (next === "too-slow") return stop("too-slow");
      if (next.done) break;
      size += next.value.byteLength;
      if (size > limits.maxBytes) return stop("too-large");
      chunks.push(next.value);
    }
  } catch {
    return stop("failed");
  } finally {
    clearTimeout(timer);
  }
  return { ok: true, bytes: concat(chunks, size) };
}
