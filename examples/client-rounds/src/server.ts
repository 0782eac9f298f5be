/**
 * The server both halves of the example call: one tool, `plan_trip`, that
 * asks two questions, one round each. The second question names the answer
 * to the first, so it cannot be asked before the first is answered.
 */
import { createServer, type McpServer, type SecretInput } from "@mrtr/server";

/** The choices of the first question. */
export const DESTINATIONS = { lisbon: "Lisbon", oslo: "Oslo", kyoto: "Kyoto" } as const;

/** A server with the `plan_trip` tool; `secret` seals its requestState (any instance holding it can serve a retry). */
export function tripServer(secret: SecretInput): McpServer {
  return createServer({ name: "trips", version: "1.0.0", requestState: { secrets: [secret] } }).tool({
    name: "plan_trip",
    description: "Plans a trip, asking where to and for how many nights.",
    async handler(_args, ctx) {
      // Round 1 ends here with input_required; the retry carries the answer and the run goes on.
      const where = await ctx.elicit("destination", {
        message: "Where to?",
        requestedSchema: {
          type: "object",
          properties: {
            destination: { type: "string", title: "Destination", oneOf: Object.entries(DESTINATIONS).map(([id, name]) => ({ const: id, title: name })) },
          },
          required: ["destination"],
        },
      });
      if (where.action !== "accept") return { content: [{ type: "text", text: "No trip planned." }] };
      const city = DESTINATIONS[where.content?.destination as keyof typeof DESTINATIONS];
      // Round 2: the first answer is sealed in requestState, so any instance can ask the second question.
      const stay = await ctx.elicit("nights", {
        message: `How many nights in ${city}?`,
        requestedSchema: { type: "object", properties: { nights: { type: "integer", title: "Nights", minimum: 1, maximum: 14, default: 3 } } },
      });
      if (stay.action !== "accept") return { content: [{ type: "text", text: "No trip planned." }] };
      return { content: [{ type: "text", text: `Planned ${String(stay.content?.nights)} nights in ${city}.` }] };
    },
  });
}
