/**
 * Rules on retries (basic/patterns/mrtr.mdx, "Client Requirements"): new id,
 * requestState echoed exactly and never unasked, inputResponses keys among
 * the round's inputRequests keys, every input request answered.
 *
 * A retry is a request of tools/call, prompts/get or resources/read carrying
 * `inputResponses` or `requestState`. It is matched to an open round of the
 * same method and name (or URI): the one whose requestState it carries, else
 * the most recent. A retry with no open round to match asked for nothing.
 */
import type { Violation } from "./catalogue.js";
import { isRecord } from "@mrtr/internal";
import { flowKey, type OpenRound, type RequestSeen, type TraceState } from "../state.js";

const P = "/message/params";
const MAX_OPEN_PER_FLOW = 1000;

/** Checks a client request of a multi-round method (with its params) against the open rounds; closes the round it retries. */
export function checkRetry(request: RequestSeen, params: Record<string, unknown>, state: TraceState): Violation[] {
  const hasState = "requestState" in params;
  const hasResponses = "inputResponses" in params;
  if (!hasState && !hasResponses) return [];
  const key = flowKey(request);
  const open = state.rounds.get(key) ?? [];
  const sent = params.requestState;
  let index = open.findIndex((r) => r.state !== undefined && r.state === sent);
  if (index === -1) index = open.length - 1;
  const round: OpenRound | undefined = open[index];
  const out: Violation[] = [];
  const answered = isRecord(params.inputResponses) ? Object.keys(params.inputResponses) : [];

  if (!round) {
    if (hasState) {
      out.push({ rule: "request-state-unasked", pointer: `${P}/requestState`, message: `requestState sent, but no input_required answer to a ${request.method} of this name in the trace gave one: a state belongs to the retry of its own request only` });
    }
    if (answered.length > 0) {
      out.push({ rule: "input-responses-keys", pointer: `${P}/inputResponses`, message: `inputResponses (${answered.join(", ")}) sent, but no input_required answer to a ${request.method} of this name asked for input` });
    }
    return out;
  }
  open.splice(index, 1);
  if (open.length === 0) state.rounds.delete(key);

  const where = `the input_required answer on line ${round.line}`;
  if (round.request.idKey === request.idKey) {
    out.push({ rule: "retry-new-id", pointer: "/message/id", message: `The retry reuses id ${round.request.idKey} of the request it retries (line ${round.request.line}); a retry is a new request with a new id` });
  }
  if (round.state !== undefined) {
    if (!hasState) out.push({ rule: "request-state-echo", pointer: P, message: `requestState missing: ${where} gave one, which the retry must echo` });
    else if (sent !== round.state) out.push({ rule: "request-state-echo", pointer: `${P}/requestState`, message: `requestState differs from the one ${where} gave: echo it byte for byte, never alter it` });
  } else if (hasState) {
    out.push({ rule: "request-state-unasked", pointer: `${P}/requestState`, message: `requestState sent, but ${where} gave none` });
  }
  const asked = new Set(round.keys);
  const extra = answered.filter((k) => !asked.has(k));
  if (extra.length > 0) {
    out.push({ rule: "input-responses-keys", pointer: `${P}/inputResponses`, message: `inputResponses keys ${extra.join(", ")} were not asked by ${where} (asked: ${round.keys.join(", ") || "none"})` });
  }
  const missing = round.keys.filter((k) => !answered.includes(k));
  if (missing.length > 0) {
    out.push({ rule: "input-responses-complete", pointer: `${P}/inputResponses`, message: `No answer to ${missing.join(", ")} asked by ${where}` });
  }
  return out;
}

/** Opens a round for an input_required answer to `request`. */
export function openRound(request: RequestSeen, result: Record<string, unknown>, line: number, state: TraceState): void {
  const round: OpenRound = { request, keys: isRecord(result.inputRequests) ? Object.keys(result.inputRequests) : [], line };
  if (typeof result.requestState === "string") round.state = result.requestState;
  const key = flowKey(request);
  const open = state.rounds.get(key) ?? [];
  open.push(round);
  // Concurrent flows of one tool are few; a client that abandons rounds must not grow this without end.
  if (open.length > MAX_OPEN_PER_FLOW) open.shift();
  state.rounds.set(key, open);
}
