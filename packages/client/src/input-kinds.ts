/**
 * Client-side input kinds: for each method a server may put into
 * `inputRequests`, the capability the client declares, how a request is
 * checked, and how it is answered. Elicitation is built in; @mrtr/deprecated
 * adds sampling and roots through the same interface.
 */
import type { ClientCapabilities, ElicitRequest, ElicitRequestFormParams, ElicitRequestURLParams, ElicitResult, Implementation } from "@mrtr/schema";
import { checkElicitRequest, checkElicitResult, firstIssueOf } from "@mrtr/zod/checks";
import { checkFormAnswer } from "./elicitation/index.js";
import { InvalidAnswerError } from "./errors.js";

/** What an input handler learns about the request besides its params. */
export interface InputInfo {
  /** The server-chosen key of this input request. */
  key: string;
  /** The method of the request the server is serving (e.g. "tools/call"). */
  method: string;
  /** The server that asks: as the input_required result names it, else as `server/discover` described it. */
  server: Implementation | undefined;
  /** Aborted when the flow is aborted or times out. */
  signal: AbortSignal;
}

/** Whether the client can serve one input request. */
export type InputCheck =
  | {
      /** It can. */
      ok: true;
    }
  | {
      /** It cannot: the client did not declare what the request needs. */
      ok: false;
      /** Told apart from `invalid`. */
      kind: "undeclared";
      /** The capability it would need. */
      capability: ClientCapabilities;
      /** What to do, in words (such as which plugin to install). */
      fix: string;
    }
  | {
      /** It cannot: the request is malformed. */
      ok: false;
      /** Told apart from `undeclared`. */
      kind: "invalid";
      /** What is wrong, in words. */
      problem: string;
    };

/** One method a client can answer inside `inputRequests`. */
export interface ClientInputKind {
  /** The input-request method it answers (`elicitation/create`, …); each method once per client. */
  method: string;
  /** The capabilities this kind makes the client declare. */
  capabilities: ClientCapabilities;
  /** Whether the client can serve `request` (checked for every request of a round before any handler runs). */
  check(request: unknown): InputCheck;
  /** Asks the registered handler for an answer (automatic mode; manual mode gets answers from the application). */
  answer(request: unknown, info: InputInfo): Promise<unknown>;
  /**
   * The answer as sent, from what the handler or the application gave: the
   * one step both modes share. Validates it against the request, keeps only
   * what the protocol defines, fills defaults; throws InvalidAnswerError
   * (with `key`) when it does not fit.
   */
  prepare(request: unknown, answer: unknown, key: string): unknown;
}

/** Asks the user to fill a form. Return `{ action: "accept", content }`, `decline` or `cancel`. */
export type FormHandler = (params: ElicitRequestFormParams, info: InputInfo) => Promise<ElicitResult>;
/**
 * Asks the user to consent to completing a step at a URL. The client never
 * fetches or opens the URL itself; the handler shows it (see `inspectUrl`) and
 * opens it only with the user's consent. Return `accept` (consent), `decline` or `cancel`.
 */
export type UrlHandler = (params: ElicitRequestURLParams, info: InputInfo) => Promise<ElicitResult>;

/** The elicitation kind for the handlers given; undefined when there are none. */
export function elicitationInputKind(handlers: { form?: FormHandler; url?: UrlHandler }): ClientInputKind | undefined {
  const { form, url } = handlers;
  if (!form && !url) return undefined;
  const elicitation: NonNullable<ClientCapabilities["elicitation"]> = {};
  if (form) elicitation.form = {};
  if (url) elicitation.url = {};
  return {
    method: "elicitation/create",
    capabilities: { elicitation },
    check(request) {
      const issue = firstIssueOf(checkElicitRequest, request);
      if (issue) return { ok: false, kind: "invalid", problem: `${issue.path.join(".")}: ${issue.message}` };
      const isUrl = (request as ElicitRequest).params.mode === "url";
      if (isUrl && !url) return { ok: false, kind: "undeclared", capability: { elicitation: { url: {} } }, fix: "Pass elicitation.url to createClient to handle URL-mode elicitation." };
      if (!isUrl && !form) return { ok: false, kind: "undeclared", capability: { elicitation: { form: {} } }, fix: "Pass elicitation.form to createClient to handle form elicitation." };
      return { ok: true };
    },
    answer(request, info) {
      const params = (request as ElicitRequest).params;
      return params.mode === "url" ? url!(params, info) : form!(params as ElicitRequestFormParams, info);
    },
    prepare(request, answer, key) {
      const issue = firstIssueOf(checkElicitResult, answer);
      if (issue) throw new InvalidAnswerError(key, [`${issue.path.join(".") || "answer"}: ${issue.message}`]);
      const { action, content } = answer as ElicitResult;
      const params = (request as ElicitRequest).params;
      // Accept in URL mode means consent; nothing but the action goes back. So for decline and cancel.
      if (params.mode === "url" || action !== "accept") return { action };
      const checked = checkFormAnswer(params.requestedSchema, content as Record<string, unknown> | undefined);
      if (!checked.ok) throw new InvalidAnswerError(key, checked.problems.map((p) => `${p.field}: ${p.message}`));
      return { action: "accept", content: checked.content };
    },
  };
}

/**
 * The deprecated feature an input method belongs to, told by its namespace
 * (`sampling/…`, `roots/…`) so that the core client carries no deprecated
 * method name (the bundle test of @mrtr/deprecated checks it).
 */
function deprecatedFeature(method: string): "sampling" | "roots" | undefined {
  const namespace = method.split("/", 1)[0];
  return namespace === "sampling" || namespace === "roots" ? namespace : undefined;
}

/** What a client would have had to declare to serve a method no kind handles. */
export function capabilityFor(method: string): ClientCapabilities {
  const feature = deprecatedFeature(method);
  return (feature ? { [feature]: {} } : {}) as ClientCapabilities;
}

/** The fix for a method no kind handles. */
export function fixFor(method: string): string {
  const feature = deprecatedFeature(method);
  if (feature) return `${method} is deprecated; to support it, install @mrtr/deprecated and pass its ${feature} plugin to createClient.`;
  return "No input handler for this method is registered.";
}
