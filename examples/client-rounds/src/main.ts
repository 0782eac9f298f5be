/**
 * The example's one command: a server in this process, reached through
 * `inProcessTransport` (no socket), and the same two-question tool called
 * twice, automatically and by hand. Checks its own results; exits non-zero
 * when one is wrong. Run from the repository root:
 * `npm start -w @mrtr/example-client-rounds`.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { inProcessTransport } from "@mrtr/server";
import { planAutomatically } from "./automatic.js";
import { planByHand } from "./by-hand.js";
import { tripServer } from "./server.js";

/** Runs both flows, prints what happens, and checks it. */
export async function main(print: (line: string) => void = console.log): Promise<void> {
  const server = tripServer(randomBytes(32)); // a secret of this run only: nothing outlives the process
  const transport = inProcessTransport(server);
  try {
    print("Automatic rounds (form handler, onRound):");
    const auto = await planAutomatically(transport, print);
    print(`  result: ${auto.text}`);

    print("By hand (manual mode: start, store, resume):");
    const manual = await planByHand(transport, print);
    print(`  result: ${manual.text}`);

    assert.equal(auto.text, "Planned 3 nights in Lisbon.");
    assert.equal(manual.text, auto.text, "both ways reach the same result");
    assert.deepEqual(
      auto.events.map((e) => e.type),
      ["input_required", "answered", "retrying", "input_required", "answered", "retrying", "completed"],
    );
    assert.deepEqual(
      manual.pending.map((p) => [p.round, Object.keys(p.inputRequests ?? {}), typeof p.requestState]),
      [
        [1, ["destination"], "string"],
        [2, ["nights"], "string"],
      ],
    );
  } finally {
    await server.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
