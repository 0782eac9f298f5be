/**
 * Input kinds: what the server knows about each method it may put into
 * `inputRequests`. Elicitation is built in; @mrtr/deprecated adds sampling and
 * roots through the same interface. For each kind: which client capability a
 * request needs, how to check a request before it leaves (developer errors),
 * and how to check the client's answer on the retry.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { ClientCapabilities, ElicitRequest, InputRequest } from "@mrtr/schema";
import type { ElicitOptions, InputContext } from "./context.js";
import { checkElicitRequest, firstIssueOf } from "@mrtr/zod/checks";
import { assertSafeForm, assertSafeUrl, checkElicitResponse } from "./elicitation/index.js";
import { ServerDefinitionError } from "./errors.js";
import type { UnionToIntersection } from "./union-to-intersection.js";

/** The verdict on one answer from the client. */
export type AnswerCheck =
  | {
      /** The answer is valid. */
      ok: true;
      /** The answer, as the handler gets it. */
      value: unknown;
    }
  | {
      /** The answer is malformed (answered -32602). */
      ok: false;
      /** What is wrong with it, in words. */
      reason: string;
    };

/**
 * Everything the server needs to know about one input-request method. `X` is
 * the type of the context methods it adds (see `contextMethods`).
 */
export interface InputKind<X = unknown> {
  /** The method, e.g. "elicitation/create". */
  method: string;
  /** The capabilities the request needs that `declared` lacks, or undefined when it may be sent. */
  missingCapabilities(request: InputRequest, declared: ClientCapabilities): ClientCapabilities | undefined;
  /** Throws a ServerDefinitionError (or a subclass) when the request is malformed or unsafe to send. */
  assertValid(request: InputRequest, options: ElicitOptions): void;
  /** Checks the client's answer to `request`. */
  checkAnswer(request: InputRequest, answer: unknown): AnswerCheck;
  /**
   * Re-run-style helpers this kind adds to every InputContext (e.g. `sample`,
   * `listRoots`), built on `ctx.ask`. Their type `X` reaches handlers of
   * servers that register the kind, and only those.
   */
  contextMethods?(ctx: InputContext): X;
}

/** The context methods a list of input kinds adds, as one type (unknown when none adds any). */
export type KindMethods<K extends readonly InputKind<any>[]> = UnionToIntersection<
  { [I in keyof K]: K[I] extends InputKind<infer X> ? X : never }[number]
>;

/** Form mode is declared by `elicitation.form`, or by an `elicitation` object with neither mode named. */
export function declaresForm(caps: ClientCapabilities): boolean {
  const e = caps.elicitation;
  if (!e || typeof e !== "object") return false;
  return e.form !== undefined || (e.form === undefined && e.url === undefined);
}

/** URL mode is declared only by `elicitation.url`. */
export function declaresUrl(caps: ClientCapabilities): boolean {
  return caps.elicitation?.url !== undefined;
}

/** Built-in: `elicitation/create`, in form and URL mode. */
export const elicitationInputKind: InputKind = {
  method: "elicitation/create",
  missingCapabilities(request, declared) {
    const params = (request as ElicitRequest).params;
    if (params.mode === "url") return declaresUrl(declared) ? undefined : { elicitation: { url: {} } };
    return declaresForm(declared) ? undefined : { elicitation: { form: {} } };
  },
  assertValid(request, options) {
    const issue = firstIssueOf(checkElicitRequest, request);
    if (issue) throw new ServerDefinitionError(`Invalid elicitation request: ${issue.path.join(".")} ${issue.message}`);
    const params = (request as ElicitRequest).params;
    if (params.mode === "url") assertSafeUrl(params.url, options.allowUrl);
    else assertSafeForm(params, options);
  },
  checkAnswer(request, answer) {
    return checkElicitResponse(request as ElicitRequest, answer);
  },
};

/** The input kinds of a server, by method. */
export class InputKinds {
  private readonly kinds = new Map<string, InputKind<any>>();
  constructor(kinds: readonly InputKind<any>[]) {
    for (const kind of kinds) {
      // One rule on both sides: two kinds for one method is a mistake, refused at creation.
      if (this.kinds.has(kind.method)) throw new ServerDefinitionError(`Two input kinds handle ${kind.method}; register each method once.`);
      this.kinds.set(kind.method, kind);
    }
  }

  /** Every kind registered. */
  all(): InputKind<any>[] {
    return [...this.kinds.values()];
  }

  /** The kind for a method; a method with no kind is a server mistake. */
  get(method: string): InputKind<any> {
    const kind = this.kinds.get(method);
    if (!kind) {
      throw new ServerDefinitionError(
        `No input kind for "${method}": this server cannot ask the client for it. ` +
          (method === "sampling/createMessage" || method === "roots/list"
            ? "Sampling and roots are deprecated; install @mrtr/deprecated and pass its server plugin to createServer."
            : "Only elicitation/create is built in."),
      );
    }
    return kind;
  }
}
