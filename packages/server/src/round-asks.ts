/**
 * The questions of one round, re-run style (`ctx.ask`, `ctx.elicit`,
 * `ctx.elicitUrl`): an ask under a key answered in an earlier round returns
 * that answer (the same question must be asked under it, or it is a
 * `ChangedQuestionError`); one whose answer came unasked with this retry
 * takes it when it fits; once an extension has taken the call over, one goes
 * to the extension's takeover hooks; anything else is recorded as missing,
 * and the round ends with every missing question asked together.
 */
import type { InputRequest } from "@mrtr/schema";
import type { ElicitOptions } from "./context.js";
import { ServerDefinitionError } from "./errors.js";
import type { RoundDiversion } from "./extensions.js";
import type { InputKinds } from "./input-kinds.js";
import { canonicalJson } from "./request-state/index.js";

/** An answer carried across rounds: the question's fingerprint and the answer. */
export interface CarriedAnswer {
  f: string;
  r: unknown;
}

/** A question asked under a key that already holds the answer to another question. */
export class ChangedQuestionError extends ServerDefinitionError {
  constructor(
    /** The key whose question changed. */
    readonly key: string,
  ) {
    super(
      `The handler asked a different question under key "${key}" than the one already answered. ` +
        "Re-run-style handlers must ask the same question under the same key on every run; use a new key for a new question.",
    );
    this.name = "ChangedQuestionError";
  }
}

/** Thrown inside the handler when an answer is missing; the round then ends with input_required. */
export class NeedsInput extends Error {
  constructor() {
    super("input required");
  }
}

/**
 * A fingerprint of a question, to notice a different question under an
 * answered key. Not a security measure (the state it travels in is sealed), so
 * a fast synchronous 53-bit hash of the canonical JSON is enough; being
 * synchronous, concurrent asks (Promise.all) are all recorded before the
 * round ends.
 */
export function fingerprint(request: InputRequest): string {
  const text = canonicalJson(request);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The asks of one round. */
export class RoundAsks {
  /** Questions asked this round that have no answer yet, by key. */
  readonly missing = new Map<string, { request: InputRequest; f: string }>();
  /** Keys whose answer the extension obtained after its takeover. */
  readonly #diverted = new Set<string>();
  readonly #unsolicited: Map<string, unknown>;
  readonly #kinds: InputKinds;
  readonly #diversion: RoundDiversion | undefined;

  constructor(
    /** Answers so far, by key (earlier rounds and this retry's valid ones); carried into the next state. */
    readonly answers: Record<string, CarriedAnswer>,
    /** Answers under keys the sealed state did not ask about. */
    unsolicited: Map<string, unknown>,
    kinds: InputKinds,
    /** An extension's takeover hooks, when it has a plan for this call. */
    diversion: RoundDiversion | undefined,
  ) {
    this.#unsolicited = unsolicited;
    this.#kinds = kinds;
    this.#diversion = diversion;
  }

  /** The answer to `request` under `key`, or (recording the question) a `NeedsInput` that ends the round. */
  async ask(key: string, request: InputRequest, options: ElicitOptions = {}): Promise<unknown> {
    const kind = this.#kinds.get(request.method);
    kind.assertValid(request, options);
    const f = fingerprint(request);
    const answered = this.answers[key];
    if (answered) {
      if (answered.f !== f) throw new ChangedQuestionError(key);
      return answered.r;
    }
    if (this.#unsolicited.has(key)) {
      const verdict = kind.checkAnswer(request, this.#unsolicited.get(key));
      this.#unsolicited.delete(key);
      if (verdict.ok) {
        this.answers[key] = { f, r: verdict.value };
        return verdict.value;
      }
    }
    const obtained = this.#diversion?.unanswered(key, request, (answer) => kind.checkAnswer(request, answer));
    if (obtained) {
      const value = await obtained;
      this.answers[key] = { f, r: value };
      this.#diverted.add(key);
      return value;
    }
    const pending = this.missing.get(key);
    if (pending && pending.f !== f) throw new ChangedQuestionError(key);
    this.missing.set(key, { request, f });
    throw new NeedsInput();
  }

  /**
   * After an accept of the URL-mode `request` under `key`: returns once
   * `completed` says the out-of-band step finished. Consent given and the step
   * not finished, the same question is asked again (a client treats that as
   * "still waiting" and polls); after a takeover, the extension waits instead.
   */
  async untilCompleted(key: string, request: InputRequest, completed: () => boolean | Promise<boolean>): Promise<void> {
    if (this.#diverted.has(key)) {
      await this.#diversion?.untilCompleted?.(completed);
      return;
    }
    if (await completed()) return;
    delete this.answers[key];
    this.missing.set(key, { request, f: fingerprint(request) });
    throw new NeedsInput();
  }
}
