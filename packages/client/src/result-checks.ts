/**
 * What the client holds a server's result to, before anything reads it: a
 * complete result to its method's result schema (an absent `resultType`
 * means complete), an `input_required` result to the protocol's shape and
 * the client's limits. The checks are `@mrtr/zod/checks`': each runs first
 * without explaining; the first issue is worded only for an invalid value.
 */
import { INPUT_REQUIRED_METHODS } from "@mrtr/schema";
import type { Implementation, InputRequests } from "@mrtr/schema";
import { firstIssueOf, resultResponseChecks, type Check } from "@mrtr/zod/checks";
import { utf8Length } from "@mrtr/internal";
import { ProtocolViolationError, RequestStateTooLargeError, TooManyInputRequestsError } from "./errors.js";
import type { FlowPolicy } from "./types.js";

/** An `input_required` result as the client keeps it: only what the protocol defines. */
export interface InputRequired {
  /** Always `input_required`. */
  resultType: "input_required";
  /** The questions, by key (absent when the server only asks for a retry). */
  inputRequests?: InputRequests;
  /** The server's state, to be sent back unchanged. */
  requestState?: string;
}

/** An `input_required` answer, read: what it asks and the server that asks. */
export interface InputRound {
  /** Tells it from the end of a call. */
  readonly kind: "input";
  /** The result as kept. */
  readonly result: InputRequired;
  /** The server that asks, when the result names it in `_meta`. */
  readonly server?: Implementation;
}

const MRTR = new Set<string>(INPUT_REQUIRED_METHODS);

/** The first rule `value` breaks, as `path message`, or undefined when it is valid (words are made only for an invalid value). */
export function firstProblem(check: Check, value: unknown): string | undefined {
  const issue = firstIssueOf(check, value);
  return issue && `${issue.path.join(".")} ${issue.message}`;
}

/** The first rule `r` breaks as a complete result of `method` (an absent resultType means complete: checked as if it were said). */
export function completeProblem(method: string, r: Record<string, unknown>): string | undefined {
  const check = Object.prototype.hasOwnProperty.call(resultResponseChecks, method) ? (resultResponseChecks as Record<string, Check>)[method] : undefined;
  return check && firstProblem(check, { jsonrpc: "2.0", id: 0, result: { ...r, resultType: "complete" } });
}

/** Reads an `input_required` result of `method` within the policy's limits; ProtocolViolationError (or a limit's error) when it breaks a rule. */
export function inputRound(method: string, r: Record<string, unknown>, policy: FlowPolicy): InputRound {
  if (!MRTR.has(method)) {
    throw new ProtocolViolationError(`The server answered ${method} with input_required; only ${[...MRTR].join(", ")} may.`, r);
  }
  const requests = r.inputRequests;
  const state = r.requestState;
  if (requests !== undefined && (requests === null || typeof requests !== "object" || Array.isArray(requests))) {
    throw new ProtocolViolationError("inputRequests must be an object.", r);
  }
  if (state !== undefined && typeof state !== "string") throw new ProtocolViolationError("requestState must be a string.", r);
  if (state !== undefined) {
    const size = utf8Length(state);
    if (size > policy.maxRequestStateBytes) throw new RequestStateTooLargeError(policy.maxRequestStateBytes, size);
  }
  const count = requests === undefined ? 0 : Object.keys(requests).length;
  if (count > policy.maxInputRequests) throw new TooManyInputRequestsError(policy.maxInputRequests, count);
  const hasRequests = count > 0;
  if (!hasRequests && state === undefined) {
    throw new ProtocolViolationError("The server answered input_required with neither inputRequests nor requestState.", r);
  }
  const named = (r._meta as Record<string, unknown> | undefined)?.["io.modelcontextprotocol/serverInfo"] as Implementation | undefined;
  return {
    kind: "input",
    ...(named && typeof named === "object" && typeof named.name === "string" && { server: named }),
    result: {
      resultType: "input_required",
      ...(hasRequests && { inputRequests: requests as InputRequests }),
      ...(state !== undefined && { requestState: state }),
    },
  };
}
