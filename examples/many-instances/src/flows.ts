/**
 * What clients do against the fleet: a flow of three rounds answered
 * automatically, and a payment whose answered retry is sent twice, as a
 * replaying attacker (or a confused proxy) would, through manual mode.
 */
import { createClient, httpTransport, JsonRpcError, type PendingInput } from "@mrtr/client";

/** What the traveller answers, by question key. */
const ANSWERS: Record<string, Record<string, string>> = { where: { city: "Lyon" }, nights: { nights: "3" } };

/** Calls `plan_trip` at `url`, answering Lyon and 3 nights; the tool's text. */
export async function planTrip(url: string): Promise<string> {
  const client = createClient({
    name: "traveller",
    version: "1.0.0",
    transport: httpTransport(url),
    elicitation: { form: async (_params, info) => ({ action: "accept", content: ANSWERS[info.key] }) },
  });
  try {
    const result = await client.callTool("plan_trip");
    return result.content[0]?.type === "text" ? result.content[0].text : JSON.stringify(result.content);
  } finally {
    await client.close();
  }
}

/** A manual client of `url`: rounds come back as plain data, to send (and resend) by hand. */
const manualClient = (url: string) => createClient({ name: "shop", version: "1.0.0", transport: httpTransport(url), elicitation: { form: "manual" } });

/** The tool's text, or `refused <code>` for a JSON-RPC error. */
async function outcome(step: Promise<{ status: string; result?: unknown }>): Promise<string> {
  try {
    const done = await step;
    const content = (done.result as { content?: { text?: string }[] } | undefined)?.content;
    return done.status === "complete" ? String(content?.[0]?.text) : done.status;
  } catch (error) {
    if (error instanceof JsonRpcError) return `refused ${error.code}`;
    throw error;
  }
}

const CONFIRM = { confirm: { action: "accept", content: { ok: true } } };

/** Starts `pay` at `startUrl`: its first round, which asks for confirmation. */
export async function startPayment(startUrl: string, order: string): Promise<PendingInput> {
  const client = manualClient(startUrl);
  try {
    const step = await client.start("tools/call", { name: "pay", arguments: { order } });
    if (step.status !== "input_required") throw new Error(`pay should ask first, but its first round ended ${step.status}`);
    return step;
  } finally {
    await client.close();
  }
}

/** Sends the confirmed retry of `pending` to `url` (a PendingInput is plain data: any client, any process can send it). */
export async function confirmPayment(url: string, pending: PendingInput): Promise<string> {
  const client = manualClient(url);
  try {
    return await outcome(client.resume(pending, CONFIRM));
  } finally {
    await client.close();
  }
}

/** Pays `order` through `url`, then sends the same confirmed retry again: what each answer was. */
export async function payThenReplay(url: string, order: string): Promise<{ first: string; replay: string }> {
  const pending = await startPayment(url, order);
  const first = await confirmPayment(url, pending);
  return { first, replay: await confirmPayment(url, pending) };
}
