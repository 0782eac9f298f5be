/**
 * A call to an initialize-based upstream held open across the front
 * client's rounds. Such an upstream asks its questions (elicitation,
 * sampling, roots) as requests of its own in the middle of the call and
 * waits on the connection for each answer; the front client, speaking
 * 2026-07-28, answers in a later request. So the gateway keeps the upstream
 * call running here, turns each question into an `input_required` round,
 * and puts the front client's answer back on the waiting question.
 */

/** A question the upstream is waiting on. */
export interface UpstreamQuestion {
  /** Its method (`elicitation/create`, `sampling/createMessage`, `roots/list`). */
  readonly method: string;
  /** Its params. */
  readonly params: Record<string, unknown>;
  /** Answers it (the front client's answer). */
  resolve(answer: unknown): void;
  /** Refuses it (the upstream gets an error answer). */
  reject(error: Error): void;
}

/** What a held call does next: ask, or end. */
export type HeldEvent =
  | {
      /** The upstream asks. */
      kind: "question";
      /** Its question. */
      question: UpstreamQuestion;
    }
  | {
      /** The upstream call ended. */
      kind: "done";
      /** Its outcome. */
      outcome: { ok: true; result: Record<string, unknown> } | { ok: false; error: unknown };
    };

/** A held call: its questions queue, its outcome, and who may continue it. */
export class HeldCall {
  /** Its id, named in the sealed state of its rounds. */
  readonly id = globalThis.crypto.randomUUID();
  /** Aborts the upstream call (timeout, the front client gone, the gateway closing). */
  readonly controller = new AbortController();
  /** Where the upstream call's progress goes: the front request of the current round. */
  progress: ((progress: number, total?: number, message?: string) => void) | undefined;
  /** Where the upstream call's log messages go: the front request of the current round. */
  log: ((params: Record<string, unknown>) => void) | undefined;
  /** The key of the question the front client was last asked, with the question. */
  asked: { key: string; question: UpstreamQuestion } | undefined;
  /** Questions asked so far (keys are numbered by it). */
  count = 0;
  readonly #questions: UpstreamQuestion[] = [];
  #outcome: Extract<HeldEvent, { kind: "done" }>["outcome"] | undefined;
  #wake: (() => void) | undefined;

  constructor(
    /** The caller (its fair-share owner key) the call belongs to. */
    readonly owner: string,
    /** The upstream's name. */
    readonly upstream: string,
  ) {}

  /** Follows the upstream call to its end. */
  run(call: Promise<Record<string, unknown>>): void {
    call.then(
      (result) => this.#settle({ ok: true, result }),
      (error: unknown) => this.#settle({ ok: false, error }),
    );
  }

  /** The upstream asks (called by the session's input handler); resolves to the front client's answer. */
  ask(method: string, params: Record<string, unknown>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.#questions.push({ method, params, resolve, reject });
      this.#wake?.();
    });
  }

  /** The next question or the end, whichever comes first; rejects when `signal` aborts first. */
  next(signal: AbortSignal): Promise<HeldEvent> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const question = this.#questions.shift();
        if (question) resolve({ kind: "question", question });
        else if (this.#outcome) resolve({ kind: "done", outcome: this.#outcome });
        else return false;
        this.#wake = undefined;
        signal.removeEventListener("abort", onAbort);
        return true;
      };
      const onAbort = () => {
        this.#wake = undefined;
        reject(signal.reason);
      };
      if (check()) return;
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      this.#wake = () => void check();
    });
  }

  /** Ends the hold: the upstream call is aborted and every waiting question refused. */
  end(reason: Error): void {
    this.controller.abort(reason);
    for (const q of this.#questions.splice(0)) q.reject(reason);
    this.asked?.question.reject(reason);
    this.asked = undefined;
  }

  #settle(outcome: Extract<HeldEvent, { kind: "done" }>["outcome"]): void {
    this.#outcome ??= outcome;
    this.#wake?.();
  }
}
