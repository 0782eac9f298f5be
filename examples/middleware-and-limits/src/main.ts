/**
 * Runs every scenario against the catalog server over HTTP on a free port,
 * prints what the client saw and the server's audit log, checks each outcome,
 * and stops the server. `npm start -w @mrtr/example-middleware-and-limits`.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { AuditEvent } from "@mrtr/server/middleware";
import type { Outcome } from "./client.js";
import { serveHttp } from "./http.js";
import { concurrencyRefused, oversized, policyRefused, rateLimited, timedOut } from "./scenarios.js";
import { catalogServer } from "./server.js";

/** One outcome on one line: the text, or the error's code and message. */
const show = (o: Outcome | undefined) => (o === undefined ? "nothing" : o.ok ? `ok: ${o.text}` : `error ${o.code}: ${o.message.replace(/^Server error -?\d+: /, "")}`);

/** The refusal an outcome must be. */
function refusal(o: Outcome | undefined): { code: number; message: string; data: unknown } {
  assert.ok(o && !o.ok, `expected a refusal, got ${show(o)}`);
  return o;
}

/** One audit event on one line. */
const auditLine = (e: AuditEvent) => `  audit: ${e.method} ${e.name ?? ""} by ${e.principal ?? e.owner} → ${e.outcome}${e.errorCode === undefined ? "" : ` ${e.errorCode}`} (${e.durationMs.toFixed(1)} ms)`;

/** Runs the scenarios, printing as it goes; returns the audit events. Throws if an outcome is not the expected one. */
export async function main(print: (line: string) => void = console.log): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  const server = catalogServer(randomBytes(32), (event) => (events.push(event), print(auditLine(event))));
  const endpoint = await serveHttp(server);
  try {
    print("rate limit: four searches by ada, three allowed at once");
    const rate = await rateLimited(endpoint.url);
    rate.outcomes.forEach((o, i) => print(`  search ${i + 1}: ${show(o)}`));
    assert.deepEqual(rate.outcomes.map((o) => o.ok), [true, true, true, false]);
    const { code, data } = refusal(rate.outcomes[3]) as { code: number; data: { limit: string; scope: string; retryAfterSeconds: number } };
    assert.deepEqual([code, data.limit, data.scope], [-32603, "rateLimit", "share"]);
    assert.ok(data.retryAfterSeconds > 0 && data.retryAfterSeconds <= 10, "one token comes back within 10 s");
    assert.deepEqual(rate.calls[3], { method: "tools/call", status: 429, retryAfter: String(Math.ceil(data.retryAfterSeconds)) });
    print(`  → HTTP ${rate.calls[3]!.status}, Retry-After: ${rate.calls[3]!.retryAfter}`);

    print("concurrency limit: bob searches while his report runs");
    const [search, report] = (await concurrencyRefused(endpoint.url, server)).outcomes;
    print(`  search: ${show(search)}`);
    print(`  report: ${show(report)}`);
    assert.deepEqual(refusal(search).data, { limit: "requests served at once", scope: "share", retryAfterSeconds: 1 });
    assert.deepEqual(report, { ok: true, text: "report ready" });

    print("policy: delete_everything, by eve then by admin");
    const [eve, admin] = (await policyRefused(endpoint.url)).outcomes;
    print(`  eve: ${show(eve)}`);
    print(`  admin: ${show(admin)}`);
    assert.equal(refusal(eve).code, -32602);
    assert.deepEqual(admin, { ok: true, text: "catalog deleted" });

    print("time limit: slow_lookup may take 100 ms");
    const [slow] = (await timedOut(endpoint.url)).outcomes;
    print(`  slow_lookup: ${show(slow)}`);
    assert.deepEqual(refusal(slow).data, { limit: "timeLimit", ms: 100 });

    print("request limits: a 5 000-character query (body over 4 KiB), then a 1 500-character one (string over 1 000)");
    const big = await oversized(endpoint.url);
    big.outcomes.forEach((o, i) => print(`  ${["body", "string"][i]}: HTTP ${big.calls[i]?.status}, ${show(o)}`));
    assert.deepEqual(big.calls.map((c) => c.status), [413, 400]);
    assert.deepEqual(big.outcomes.map((o) => refusal(o).code), [-32600, -32600]);
    assert.deepEqual(refusal(big.outcomes[1]).data, { limit: "maxStringLength", max: 1000, path: "/params/arguments/query" });

    // Refused before the middleware ran (body and shape limits), so not audited; everything else was.
    assert.deepEqual(events.map((e) => `${e.name}:${e.outcome}`).sort(), [
      "delete_everything:complete", "delete_everything:error", "export_report:complete", "search:complete", "search:complete",
      "search:complete", "search:error", "search:error", "slow_lookup:error",
    ]);
    print(`audited: ${events.length} calls; the two oversized requests were refused before any middleware ran`);
    return events;
  } finally {
    await endpoint.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
