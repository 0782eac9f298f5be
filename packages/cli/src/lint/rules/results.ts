/**
 * Rules on what the server sends: no JSON-RPC requests (it asks through
 * input_required), resultType on every result, input_required only on the
 * three methods that allow it, and no input request the client did not
 * declare a capability for, in the request being answered.
 */
import { INPUT_REQUIRED_METHODS } from "@mrtr/schema";
import type { Violation } from "./catalogue.js";
import { escapeToken, isRecord } from "@mrtr/internal";
import { objectOr, type RequestSeen } from "../state.js";

const R = "/message/result";

export function checkServerRequest(message: Record<string, unknown>): Violation[] {
  if (typeof message.method !== "string" || !("id" in message)) return [];
  return [{ rule: "server-request", pointer: "/message/method", message: `The server sent a request (${message.method}); in this revision it asks for input by answering the client's request with input_required` }];
}

export function checkResultType(result: unknown): Violation[] {
  if (isRecord(result) && typeof result.resultType === "string") return [];
  return [{ rule: "result-type", pointer: R, message: "The result has no resultType (\"complete\" or \"input_required\")" }];
}

export function checkInputRequiredMethod(request: RequestSeen): Violation[] {
  if ((INPUT_REQUIRED_METHODS as readonly string[]).includes(request.method)) return [];
  return [{ rule: "input-required-method", pointer: `${R}/resultType`, message: `input_required answers ${request.method} (line ${request.line}); only ${INPUT_REQUIRED_METHODS.join(", ")} may answer it` }];
}

/** The capability an input request needs that `caps` lacks, in words, or undefined. */
function missingCapability(input: Record<string, unknown>, caps: Record<string, unknown>): { need: string; cite?: string } | undefined {
  const params = objectOr(input.params);
  switch (input.method) {
    case "elicitation/create": {
      const e = caps.elicitation;
      if (params.mode === "url") {
        return isRecord(e) && e.url !== undefined ? undefined : { need: "elicitation.url", cite: "client/elicitation.mdx:81" };
      }
      const form = isRecord(e) && (e.form !== undefined || (e.form === undefined && e.url === undefined));
      return form ? undefined : { need: "elicitation (form mode: elicitation.form, or an empty elicitation object)", cite: "client/elicitation.mdx:81" };
    }
    case "sampling/createMessage": {
      if (!isRecord(caps.sampling)) return { need: "sampling", cite: "client/sampling.mdx:56" };
      const usesTools = params.tools !== undefined || params.toolChoice !== undefined;
      return usesTools && caps.sampling.tools === undefined ? { need: "sampling.tools (the request carries tools or toolChoice)", cite: "client/sampling.mdx:52" } : undefined;
    }
    case "roots/list":
      return isRecord(caps.roots) ? undefined : { need: "roots", cite: "client/roots.mdx:40" };
    default:
      return undefined;
  }
}

export function checkInputCapabilities(request: RequestSeen, result: Record<string, unknown>): Violation[] {
  if (!isRecord(result.inputRequests)) return [];
  const caps = request.caps;
  const out: Violation[] = [];
  for (const [key, input] of Object.entries(result.inputRequests)) {
    if (!isRecord(input)) continue;
    const missing = missingCapability(input, caps);
    if (missing) {
      out.push({
        rule: "input-request-capability",
        pointer: `${R}/inputRequests/${escapeToken(key)}`,
        message: `${String(input.method)} needs ${missing.need}, which the request on line ${request.line} did not declare`,
        ...(missing.cite && { cite: missing.cite }),
      });
    }
  }
  return out;
}
