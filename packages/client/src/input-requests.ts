/**
 * A round's input requests, through the client's input kinds: every one is
 * checked before any handler runs (an undeclared mode or capability is an
 * `UndeclaredCapabilityError` naming the fix); each answer, a handler's or
 * the application's, is prepared as sent by its kind. The one answer path of
 * automatic mode, manual mode and extensions.
 */
import type { Implementation, InputRequests } from "@mrtr/schema";
import { ProtocolViolationError, UndeclaredCapabilityError } from "./errors.js";
import { capabilityFor, fixFor, type ClientInputKind } from "./input-kinds.js";

/** The client's input kinds, by the input-request method each answers. */
export type InputKinds = ReadonlyMap<string, ClientInputKind>;

/** Checks every input request of a round before any handler runs; throws on the first it cannot serve. */
export function checkInputRequests(kinds: InputKinds, requests: InputRequests, result: unknown): void {
  for (const [key, request] of Object.entries(requests)) {
    const method = (request as { method?: unknown } | null)?.method;
    if (typeof method !== "string") throw new ProtocolViolationError(`Input request "${key}" has no method.`, result);
    const kind = kinds.get(method);
    if (!kind) throw new UndeclaredCapabilityError(method, capabilityFor(method), fixFor(method));
    const verdict = kind.check(request);
    if (!verdict.ok) {
      if (verdict.kind === "undeclared") throw new UndeclaredCapabilityError(method, verdict.capability, verdict.fix);
      throw new ProtocolViolationError(`Input request "${key}" is malformed: ${verdict.problem}`, result);
    }
  }
}

/** Asks the handler of `request`'s kind (checked before) and prepares its answer as sent: automatic mode's one answer path. */
export async function askHandler(kinds: InputKinds, key: string, request: unknown, info: { method: string; server: Implementation | undefined; signal: AbortSignal }): Promise<unknown> {
  const kind = kinds.get((request as { method: string }).method)!;
  return kind.prepare(request, await kind.answer(request, { key, ...info }), key);
}

/**
 * The application's answers to a pending round, as sent: each prepared by its
 * kind (validated, unknown fields dropped, defaults filled); answers under keys
 * the round did not ask are dropped; a key left unanswered is asked again by the server.
 */
export function prepareAnswers(kinds: InputKinds, requests: InputRequests, answers: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, request] of Object.entries(requests)) {
    if (!Object.prototype.hasOwnProperty.call(answers, key) || answers[key] === undefined) continue;
    const method = (request as { method: string }).method;
    const kind = kinds.get(method);
    if (!kind) throw new UndeclaredCapabilityError(method, capabilityFor(method), fixFor(method));
    out[key] = kind.prepare(request, answers[key], key);
  }
  return out;
}
