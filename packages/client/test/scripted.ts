/** A scripted server that answers each request with whatever the test says, recording what it received. */
import type { Transport } from "@mrtr/client";

export interface Scripted extends Transport {
  /** Every request sent, as the wire would carry it (a JSON round trip). */
  sent: Record<string, any>[];
}

export function scripted(answer: (message: Record<string, any>, index: number) => unknown): Scripted {
  const sent: Record<string, any>[] = [];
  return {
    sent,
    async request(message, { signal } = {}) {
      signal?.throwIfAborted();
      const wire = JSON.parse(JSON.stringify(message));
      sent.push(wire);
      const result = answer(wire, sent.length - 1);
      const response = result && typeof result === "object" && ("result" in result || "error" in result) ? result : { result };
      return JSON.parse(JSON.stringify({ jsonrpc: "2.0", id: wire.id, ...response }));
    },
  };
}

export const elicitation = (message = "Proceed?") => ({
  method: "elicitation/create",
  params: { mode: "form", message, requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } } },
});

export const complete = { resultType: "complete", content: [{ type: "text", text: "done" }] };
