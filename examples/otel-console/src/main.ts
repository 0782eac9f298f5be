/**
 * One multi round-trip flow, traced and printed, with no collector and no
 * network: two instances of a server sharing one requestState secret, a
 * client whose requests go to each instance in turn, `@mrtr/otel` on both
 * sides, and the OpenTelemetry SDK keeping the spans in memory. Run from the
 * repository root: `node --import tsx examples/otel-console/src/main.ts`.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@mrtr/client";
import { clientTelemetry } from "@mrtr/otel";
import { startInMemoryTracing, type InMemoryTracing } from "./in-memory-tracing.js";
import { printTrace } from "./print-trace.js";
import { roundRobin } from "./round-robin.js";
import { QUESTIONS, surveyServer } from "./survey-server.js";

/** What the client answers to each question, by its key. */
const ANSWERS: Record<keyof typeof QUESTIONS, string> = { name: "Ada", city: "Lyon", colour: "teal" };

/** Calls the survey tool once and returns what it printed: the tool's answer, the trace tree, the number of traces. */
export async function main(print: (text: string) => void = console.log): Promise<string> {
  const tracing = startInMemoryTracing();
  try {
    const text = [`result: ${await callSurvey(tracing)}`, printTrace(tracing.spans())].join("\n");
    print(text);
    return text;
  } finally {
    await tracing.shutdown();
  }
}

/** The flow itself: the call's rounds alternate between instances `a` and `b`. */
async function callSurvey(tracing: InMemoryTracing): Promise<string> {
  const { propagator } = tracing;
  // Every instance must open the requestState another one sealed: one secret for both (random: this run only).
  const secret = randomBytes(32);
  const instances = ["a", "b"].map((instance) => surveyServer(secret, { tracerProvider: tracing.providerFor({ service: "survey", instance }), propagator }));
  const client = createClient({
    name: "host",
    version: "1.0.0",
    transport: roundRobin(instances),
    elicitation: { form: async (_params, info) => ({ action: "accept", content: { answer: ANSWERS[info.key as keyof typeof QUESTIONS] } }) },
    middleware: [clientTelemetry({ tracerProvider: tracing.providerFor({ service: "host" }), propagator })],
  });
  const result = await client.callTool("survey");
  const first = result.content[0];
  return first?.type === "text" ? first.text : JSON.stringify(result.content);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // Run as a command, it checks itself: the answers came back, and the whole flow is one trace.
  const text = await main();
  assert.match(text, /^result: Ada, Lyon, teal$/m);
  assert.match(text, /^traces: 1$/m);
}
