/**
 * The first look at a message from the view, before anything else: JSON
 * text is parsed (objects, as `postMessage` gives them, are taken as they
 * are), and the message is measured against `maxMessageBytes` and
 * `maxDepth`. A message refused whole is answered when it is a request with
 * a usable id, and otherwise dropped; so is text longer than
 * `maxMessageBytes` or not JSON (its id cannot be read without parsing it).
 */
import type { BridgeState } from "./bridge-state.js";
import { measureJson } from "./json-size.js";
import { requestIdOf } from "./json-rpc.js";
import { messageRefusal } from "./limit-errors.js";

/** The message as a value to classify, or undefined when it was refused (answered or dropped). */
export function readMessage(raw: unknown, state: BridgeState): { value: unknown } | undefined {
  const value = typeof raw === "string" ? parseText(raw, state) : { value: raw };
  if (!value) return undefined;
  const measure = measureJson(value.value, state.limits.maxMessageBytes, state.limits.maxDepth);
  if (measure.ok) return value;
  const id = requestIdOf(value.value);
  const error = messageRefusal(measure.problem, state.limits);
  if (id !== undefined) state.answerError(id, error);
  else state.warn({ type: "dropped", reason: error.message });
  return undefined;
}

function parseText(text: string, state: BridgeState): { value: unknown } | undefined {
  if (text.length > state.limits.maxMessageBytes) {
    state.warn({ type: "dropped", reason: `a message of more than ${state.limits.maxMessageBytes} bytes (limits.maxMessageBytes)` });
    return undefined;
  }
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    state.warn({ type: "dropped", reason: "a message that is not JSON" });
    return undefined;
  }
}
