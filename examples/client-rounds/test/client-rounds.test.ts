/**
 * The example's rules: both ways of driving the rounds reach the same
 * result in two rounds of input; onRound reports each step; a pending input
 * is plain JSON that a fresh client resumes; answers are checked and
 * defaults filled before they are sent; a declined question ends the trip;
 * a tampered requestState is refused by the server.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createClient, InvalidAnswerError, JsonRpcError, type PendingInput } from "@mrtr/client";
import { inProcessTransport } from "@mrtr/server";
import type { CallToolResult } from "@mrtr/schema";
import { planAutomatically } from "../src/automatic.js";
import { planByHand, resumeLater } from "../src/by-hand.js";
import { main } from "../src/main.js";
import { tripServer } from "../src/server.js";

const quiet = () => {};
const transport = () => inProcessTransport(tripServer(randomBytes(32)));
const textOf = (result: CallToolResult) => (result.content[0]?.type === "text" ? result.content[0].text : undefined);

/** The first pending input of a manual call, stored as text. */
async function firstPending(): Promise<{ t: ReturnType<typeof transport>; stored: string }> {
  const t = transport();
  const client = createClient({ name: "t", version: "1", transport: t, elicitation: { form: "manual" } });
  const step = await client.start("tools/call", { name: "plan_trip", arguments: {} });
  expect(step.status).toBe("input_required");
  return { t, stored: JSON.stringify(step) };
}

describe("automatic rounds", () => {
  it("answers both questions through the form handler, filling the default, in two rounds", async () => {
    const run = await planAutomatically(transport(), quiet);
    expect(run.text).toBe("Planned 3 nights in Lisbon.");
    expect(run.events).toEqual([
      { type: "input_required", method: "tools/call", round: 1, keys: ["destination"], hasState: true },
      { type: "answered", method: "tools/call", round: 1, keys: ["destination"] },
      { type: "retrying", method: "tools/call", round: 1, delayMs: 0 },
      { type: "input_required", method: "tools/call", round: 2, keys: ["nights"], hasState: true },
      { type: "answered", method: "tools/call", round: 2, keys: ["nights"] },
      { type: "retrying", method: "tools/call", round: 2, delayMs: 0 },
      { type: "completed", method: "tools/call", rounds: 2 },
    ]);
  });

  it("ends the trip when the user declines the first question", async () => {
    const client = createClient({ name: "t", version: "1", transport: transport(), elicitation: { form: async () => ({ action: "decline" }) } });
    expect(textOf(await client.callTool("plan_trip"))).toBe("No trip planned.");
  });
});

describe("manual rounds", () => {
  it("reaches the same result, each pending input plain JSON with the round, the questions and the state", async () => {
    const run = await planByHand(transport(), quiet);
    expect(run.text).toBe("Planned 3 nights in Lisbon.");
    expect(run.pending.map((p) => ({ round: p.round, keys: Object.keys(p.inputRequests ?? {}), method: p.method, params: p.params }))).toEqual([
      { round: 1, keys: ["destination"], method: "tools/call", params: { name: "plan_trip", arguments: {} } },
      { round: 2, keys: ["nights"], method: "tools/call", params: { name: "plan_trip", arguments: {} } },
    ]);
    for (const p of run.pending) expect(typeof p.requestState).toBe("string");
  });

  it("refuses an answer that does not fit the form before anything is sent", async () => {
    const { t, stored } = await firstPending();
    await expect(resumeLater(t, stored, { destination: { action: "accept", content: { destination: "paris" } } })).rejects.toBeInstanceOf(InvalidAnswerError);
  });

  it("gets the server's refusal (-32602) for a requestState that was altered", async () => {
    const { t, stored } = await firstPending();
    const pending = JSON.parse(stored) as PendingInput;
    const state = pending.requestState!;
    const tampered = JSON.stringify({ ...pending, requestState: `${state.slice(0, -4)}${state.endsWith("AAAA") ? "BBBB" : "AAAA"}` });
    const error: unknown = await resumeLater(t, tampered, { destination: { action: "accept", content: { destination: "oslo" } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect((error as JsonRpcError).code).toBe(-32602);
  });
});

it("main prints both flows and passes its own checks", async () => {
  const lines: string[] = [];
  await main((line) => lines.push(line));
  expect(lines.filter((l) => l.includes("result:"))).toEqual(["  result: Planned 3 nights in Lisbon.", "  result: Planned 3 nights in Lisbon."]);
});
