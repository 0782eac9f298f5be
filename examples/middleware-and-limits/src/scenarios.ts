/**
 * One scenario per layer: a client runs into it and the scenario returns what
 * the client saw. Each scenario calls as its own user, so one user's spent
 * tokens or running call cannot spill into another scenario.
 */
import type { McpClient } from "@mrtr/client";
import type { McpServer } from "@mrtr/server";
import { attempt, clientAs, type Exchange, type Outcome } from "./client.js";

/** What a scenario saw: the outcome of each call, and the HTTP exchange of each tools/call. */
export interface Seen {
  readonly outcomes: Outcome[];
  readonly calls: Exchange[];
}

/** Runs `calls` with a client acting as `user`, closing it after. */
async function as(url: string, user: string, calls: (client: McpClient) => Promise<Outcome[]>): Promise<Seen> {
  const { client, exchanges } = clientAs(url, user);
  try {
    const outcomes = await calls(client);
    return { outcomes, calls: exchanges.filter((e) => e.method === "tools/call") };
  } finally {
    await client.close();
  }
}

/** Four searches in a row: the bucket holds three, so the fourth is refused with a retry hint. */
export function rateLimited(url: string): Promise<Seen> {
  return as(url, "ada", async (client) => {
    const outcomes: Outcome[] = [];
    for (let i = 1; i <= 4; i++) outcomes.push(await attempt(client, "search", { query: `lamp ${i}` }));
    return outcomes;
  });
}

/** A search while the same user's report is still running: one at a time per caller, so it is refused at once. */
export function concurrencyRefused(url: string, server: McpServer): Promise<Seen> {
  return as(url, "bob", async (client) => {
    const report = attempt(client, "export_report");
    // Wait until the report is being served (in one process we can ask the server).
    while (server.activity().requests === 0) await new Promise((r) => setTimeout(r, 5));
    const search = await attempt(client, "search", { query: "desk" });
    return [search, await report];
  });
}

/** The policy middleware: `eve` is refused `delete_everything`, `admin` is not. */
export async function policyRefused(url: string): Promise<Seen> {
  const eve = await as(url, "eve", async (client) => [await attempt(client, "delete_everything")]);
  const admin = await as(url, "admin", async (client) => [await attempt(client, "delete_everything")]);
  return { outcomes: [...eve.outcomes, ...admin.outcomes], calls: [...eve.calls, ...admin.calls] };
}

/** A tool that runs past its time limit: stopped, and the client told which limit. */
export function timedOut(url: string): Promise<Seen> {
  return as(url, "cy", async (client) => [await attempt(client, "slow_lookup")]);
}

/** A body over 4 KiB (413, before it is parsed), then a smaller one holding a string over the shape limit. */
export function oversized(url: string): Promise<Seen> {
  return as(url, "dee", async (client) => [await attempt(client, "search", { query: "x".repeat(5_000) }), await attempt(client, "search", { query: "y".repeat(1_500) })]);
}
