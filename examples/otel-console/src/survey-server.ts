/**
 * One instance of the traced server: a `survey` tool that asks its questions
 * one round each (each `ctx.elicit` ends the round with `input_required`; the
 * client answers and retries, possibly on another instance), with
 * `serverTelemetry()` recording a SERVER span per round.
 */
import { serverTelemetry, type TelemetryOptions } from "@mrtr/otel";
import { createServer, type McpServer, type SecretInput } from "@mrtr/server";

/** The survey's questions, by elicitation key; each takes a round of its own. */
export const QUESTIONS = { name: "Your name?", city: "Your city?", colour: "Your favourite colour?" } as const;

const ANSWER = { type: "object" as const, properties: { answer: { type: "string" as const } }, required: ["answer"] };

/** A server instance; every instance given the same `secret` can serve any round of a flow another one began. */
export function surveyServer(secret: SecretInput, telemetry: TelemetryOptions): McpServer {
  return createServer({ name: "survey", version: "1.0.0", requestState: { secrets: [secret] } })
    .tool({
      name: "survey",
      description: "Asks three questions, one round each, and sums up the answers.",
      async handler(_args, ctx) {
        const answers: string[] = [];
        for (const [key, message] of Object.entries(QUESTIONS)) {
          const result = await ctx.elicit(key, { message, requestedSchema: ANSWER });
          answers.push(String(result.content?.answer));
        }
        return { content: [{ type: "text", text: answers.join(", ") }] };
      },
    })
    .use(serverTelemetry(telemetry));
}
