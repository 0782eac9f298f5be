import { describe, expect, it } from "vitest";
import { createServer, secretsFromEnv, type McpServer } from "@mrtr/server";
import { WeakSecretError } from "@mrtr/server/request-state";
import { request, resultOf, retry } from "../../../../test/helpers/rpc.js";
import { SECRET_NEW as B, SECRET_OLD as A, SECRET_OTHER as C } from "./helpers.js";

describe("secretsFromEnv", () => {
  it("lists MRTR_STATE_SECRET first, then each MRTR_STATE_SECRET_PREVIOUS entry in order", () => {
    expect(secretsFromEnv({ env: { MRTR_STATE_SECRET: A } })).toEqual([A]);
    expect(secretsFromEnv({ env: { MRTR_STATE_SECRET: ` ${A}\n`, MRTR_STATE_SECRET_PREVIOUS: `${B}, ${C}\n` } })).toEqual([A, B, C]);
    expect(secretsFromEnv({ env: { MRTR_STATE_SECRET: A, MRTR_STATE_SECRET_PREVIOUS: " , " } })).toEqual([A]);
    expect(secretsFromEnv({ env: { ORDERS_KEY: B, ORDERS_KEY_PREVIOUS: A }, name: "ORDERS_KEY" })).toEqual([B, A]);
  });

  it("reads process.env by default", () => {
    const saved = { ...process.env };
    try {
      process.env.MRTR_STATE_SECRET = C;
      process.env.MRTR_STATE_SECRET_PREVIOUS = A;
      expect(secretsFromEnv()).toEqual([C, A]);
    } finally {
      process.env = saved;
    }
  });

  it("refuses a missing, short or repeated secret, naming the variable and never the secret", () => {
    const attempt = (env: Record<string, string>) => {
      try {
        secretsFromEnv({ env });
      } catch (error) {
        return error as Error;
      }
      throw new Error("accepted");
    };
    const missing = attempt({ MRTR_STATE_SECRET_PREVIOUS: A });
    expect(missing).toBeInstanceOf(RangeError);
    expect(missing.message).toMatch(/MRTR_STATE_SECRET is not set.*openssl rand -base64 32/);
    expect(attempt({ MRTR_STATE_SECRET: "  " }).message).toMatch(/is not set/);

    const short = attempt({ MRTR_STATE_SECRET: A, MRTR_STATE_SECRET_PREVIOUS: `${B} short-secret-1234` });
    expect(short).toBeInstanceOf(WeakSecretError);
    expect(short.message).toContain("MRTR_STATE_SECRET_PREVIOUS (entry 2) is 17 bytes");
    expect(short.message).not.toContain("short-secret-1234");

    const twice = attempt({ MRTR_STATE_SECRET: A, MRTR_STATE_SECRET_PREVIOUS: `${B},${A}` });
    expect(twice).toBeInstanceOf(RangeError);
    expect(twice.message).toContain("MRTR_STATE_SECRET_PREVIOUS (entry 2) repeats a secret");
    expect(twice.message).not.toContain(A);

    expect(() => secretsFromEnv({ env: {}, name: "BAD NAME" })).toThrow(/environment variable name/);
  });
});

// --- a rolling rotation over a fleet of three instances ------------------------------

const QUESTIONS = ["a", "b", "c"];
const schema = { type: "object" as const, properties: { v: { type: "integer" as const } }, required: ["v"] };

function instance(env: Record<string, string>): McpServer {
  return createServer({ name: "fleet", version: "1.0.0", requestState: { secrets: secretsFromEnv({ env }) } }).tool({
    name: "wizard",
    async handler(args, ctx) {
      const values: number[] = [];
      for (const key of QUESTIONS) values.push((await ctx.elicit(key, { message: `${key}?`, requestedSchema: schema })).content!.v as number);
      return { content: [{ type: "text", text: `${String(args.n)}:${values.join(",")}` }] };
    },
  });
}

interface Flow {
  n: number;
  first: ReturnType<typeof request>;
  /** The instance that served the last round; the next round goes to the one before it. */
  slot: number;
  /** The user answers every `pace` steps (1 to 3), from the step the flow started. */
  pace: number;
  start: number;
  state?: string;
  next?: string;
  done?: string;
  refused?: boolean;
}

/**
 * A rolling deploy over three instances. At each step one instance is
 * replaced with the next environment of `rollout` ("wait" replaces none: the
 * operator waiting out the TTL, here three steps: the slowest user's pace), a
 * new flow starts, and each flow in flight whose user answers at this step
 * takes one more round on another instance than its last: the one before it,
 * against the order of the rollout, so a round sealed by an instance just
 * replaced is next served by one not yet replaced.
 */
async function roll(initial: Record<string, string>, rollout: (Record<string, string> | "wait")[]) {
  const fleet = [instance(initial), instance(initial), instance(initial)];
  // Two flows already in flight when the rollout starts.
  const schedule = ["wait" as const, "wait" as const, ...rollout];
  let replaced = 0;
  const flows: Flow[] = [];
  const advance = async (flow: Flow) => {
    const message = flow.state === undefined ? flow.first : retry(flow.first, { [flow.next!]: { action: "accept", content: { v: flow.n } } }, flow.state);
    flow.slot = (flow.slot + fleet.length - 1) % fleet.length;
    const response = (await fleet[flow.slot]!.handle(message)) as { error?: { code: number } };
    if (response.error) {
      expect(response.error.code).toBe(-32602);
      flow.refused = true;
      return;
    }
    const result = resultOf(response);
    if (result.resultType === "complete") flow.done = result.content[0].text;
    else [flow.state, flow.next] = [result.requestState, Object.keys(result.inputRequests)[0]];
  };
  const inFlight = () => flows.filter((f) => f.done === undefined && !f.refused);
  for (const [step, env] of schedule.entries()) {
    if (env !== "wait") fleet[replaced++ % fleet.length] = instance(env);
    const n = flows.length;
    flows.push({ n, slot: n % fleet.length, pace: 1 + (n % 3), start: step, first: request("tools/call", { name: "wizard", arguments: { n } }) });
    for (const flow of inFlight()) if ((step - flow.start) % flow.pace === 0) await advance(flow);
  }
  while (inFlight().length > 0) for (const flow of inFlight()) await advance(flow);
  return flows;
}

describe("rotating the key ring across instances through the environment", () => {
  const phase1 = { MRTR_STATE_SECRET: A, MRTR_STATE_SECRET_PREVIOUS: B };
  const phase2 = { MRTR_STATE_SECRET: B, MRTR_STATE_SECRET_PREVIOUS: A };
  const phase3 = { MRTR_STATE_SECRET: B };
  const times3 = <T>(x: T): T[] => [x, x, x];

  it("completes every flow in flight when the new secret is first added as previous, then made current, then the old one dropped after the TTL", async () => {
    const flows = await roll({ MRTR_STATE_SECRET: A }, [...times3(phase1), ...times3(phase2), ...times3("wait" as const), ...times3(phase3)]);
    expect(flows.length).toBe(14);
    expect(flows.filter((f) => f.refused)).toEqual([]);
    for (const f of flows) expect(f.done).toBe(`${f.n}:${f.n},${f.n},${f.n}`);
  });

  it("breaks flows in flight when the new secret seals before every instance can open it (the step the procedure exists for)", async () => {
    const flows = await roll({ MRTR_STATE_SECRET: A }, [...times3(phase2), ...times3("wait" as const), ...times3(phase3)]);
    expect(flows.filter((f) => f.refused).length).toBeGreaterThan(0);
  });

  it("breaks flows in flight when the old secret is dropped before their states expire", async () => {
    const flows = await roll({ MRTR_STATE_SECRET: A }, [...times3(phase1), ...times3(phase2), ...times3(phase3)]);
    expect(flows.filter((f) => f.refused).length).toBeGreaterThan(0);
  });
});
