/**
 * URL-mode elicitation as revision 2025-11-25 has it, for one bridged call
 * (spec-2025-11-25/client/elicitation.mdx, "URL Mode Elicitation Requests",
 * "Completion Notifications for URL Mode Elicitation").
 *
 * The modern core asks a URL-mode question without an id, and a handler
 * whose step is not done yet (`elicitUrl(..., { completed })` answering
 * false) asks the same question again after the user's accept. A legacy
 * client needs more, and less:
 *
 * - each URL-mode `elicitation/create` carries an `elicitationId`: random
 *   (unguessable), and the same for the same question under the same key for
 *   the whole call, whatever the rounds;
 * - an accepted question asked again is not sent again: the bridge carries the
 *   accept into the next round itself and re-runs the handler after a pause
 *   ({@link URL_WAIT}: 1 s, doubling up to 10 s), for at most the session's
 *   `inputTimeoutMs` after the accept;
 * - once the handler has asked it again at least once and then goes past it,
 *   the step is done: the client is told so with
 *   `notifications/elicitation/complete` naming its `elicitationId`. A step
 *   the handler goes past at once (it has no `completed`, or it was done by
 *   then) gets no notification: the bridge cannot tell that it finished.
 */
import { isRecord } from "@mrtr/internal";
import { canonicalJson } from "../request-state/index.js";

/** How a call waits for the out-of-band step of an accepted URL-mode question: the pause before the first re-run, its growth, its cap (ms). */
export const URL_WAIT = { firstMs: 1_000, factor: 2, maxMs: 10_000 } as const;

/** A question of a round as the core asked it: its key and its input request. */
export type RoundQuestion = readonly [name: string, request: { method: string; params?: unknown }];

/** One URL-mode question of the call. */
interface Step {
  /** The question, to tell it from another one under the same key. */
  readonly question: string;
  readonly elicitationId: string;
  /** The client's accept, once given: carried into the rounds that ask the question again. */
  accept?: unknown;
  /** When the accept came (ms since the epoch). */
  acceptedAt?: number;
  /** The pause before the next re-run, in ms. */
  pauseMs: number;
  /** Whether the handler asked it again after the accept (the bridge waited for it). */
  waited: boolean;
}

/** What the bridge does with one `input_required` round (see {@link UrlElicitations.plan}). */
export interface UrlRoundPlan {
  /** The questions to send the client (URL-mode ones with their `elicitationId`). */
  readonly ask: RoundQuestion[];
  /** Answers the bridge gives itself: the accepts of questions asked again while their step is not done. */
  readonly carried: Record<string, unknown>;
  /** The `elicitationId`s whose step the handler went past after waiting for it: tell the client they are complete. */
  readonly completed: string[];
  /** With nothing to ask but accepts to carry: how long to pause before re-running, in ms; `"expired"` when a step waited past `inputTimeoutMs`. */
  readonly pause: number | "expired" | undefined;
}

/** Whether `request` is a URL-mode `elicitation/create`. */
function isUrlElicitation(request: { method: string; params?: unknown }): boolean {
  return request.method === "elicitation/create" && isRecord(request.params) && request.params.mode === "url";
}

/**
 * The URL-mode questions of one bridged call: their ids, the accepts the
 * bridge carries while their steps are not done, and the steps that finished.
 */
export class UrlElicitations {
  readonly #steps = new Map<string, Step>();

  constructor(
    /** How long a step may take after the accept, in ms (the session's `inputTimeoutMs`). */
    private readonly timeoutMs: number,
    /** The clock, in ms since the epoch. */
    private readonly now: () => number = Date.now,
  ) {}

  /** What to do with a round of questions: which to send, which accepts to carry, which steps finished, how long to pause. */
  plan(questions: readonly RoundQuestion[]): UrlRoundPlan {
    const ask: RoundQuestion[] = [];
    const carried: Record<string, unknown> = {};
    const asked = new Set<string>();
    for (const [name, request] of questions) {
      asked.add(name);
      const step = this.#steps.get(name);
      if (step?.accept !== undefined && isUrlElicitation(request) && step.question === canonicalJson(request)) {
        step.waited = true;
        carried[name] = step.accept;
      } else ask.push([name, this.#outgoing(name, request)]);
    }
    const completed = this.#finished(asked);
    return { ask, carried, completed, pause: ask.length === 0 && Object.keys(carried).length > 0 ? this.#pause() : undefined };
  }

  /** The call ended (its final result): the `elicitationId`s of the steps it waited for, now complete. */
  settle(): string[] {
    return this.#finished(new Set());
  }

  /** Records the client's answer to question `name` of the round: an accept of a URL-mode one starts its wait. */
  answered(name: string, answer: unknown): void {
    const step = this.#steps.get(name);
    if (!step) return;
    if (isRecord(answer) && answer.action === "accept") {
      step.accept = answer;
      step.acceptedAt = this.now();
      step.pauseMs = URL_WAIT.firstMs;
    } else this.#steps.delete(name); // declined or cancelled: the handler goes on as it sees fit, nothing to complete
  }

  /** The question as the legacy client gets it: a URL-mode one with its `elicitationId` (the same for the same question under `name`). */
  #outgoing(name: string, request: { method: string; params?: unknown }): { method: string; params?: unknown } {
    if (!isUrlElicitation(request)) return request;
    const params = request.params as Record<string, unknown>;
    const question = canonicalJson(request);
    let step = this.#steps.get(name);
    if (step?.question !== question) {
      // A low-level handler may name the elicitation itself (e.g. the id its connect link is bound to).
      const own = typeof params.elicitationId === "string" && params.elicitationId !== "" ? params.elicitationId : undefined;
      step = { question, elicitationId: own ?? globalThis.crypto.randomUUID(), pauseMs: URL_WAIT.firstMs, waited: false };
      this.#steps.set(name, step);
    }
    return { method: request.method, params: { ...params, elicitationId: step.elicitationId } };
  }

  /** The accepted steps not asked any more: forgotten; the ids of those that were waited for. */
  #finished(asked: ReadonlySet<string>): string[] {
    const done: string[] = [];
    for (const [name, step] of this.#steps) {
      if (step.accept === undefined || asked.has(name)) continue;
      this.#steps.delete(name);
      if (step.waited) done.push(step.elicitationId);
    }
    return done;
  }

  /** The pause before the next re-run: the shortest of the waiting steps' (each then backs off), capped by the earliest deadline. */
  #pause(): number | "expired" {
    const now = this.now();
    let wait: number = URL_WAIT.maxMs;
    for (const step of this.#steps.values()) {
      if (!step.waited || step.acceptedAt === undefined) continue;
      const left = step.acceptedAt + this.timeoutMs - now;
      if (left <= 0) return "expired";
      wait = Math.min(wait, step.pauseMs, left);
      step.pauseMs = Math.min(step.pauseMs * URL_WAIT.factor, URL_WAIT.maxMs);
    }
    return wait;
  }
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as `signal` aborts (its timer cleared). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
