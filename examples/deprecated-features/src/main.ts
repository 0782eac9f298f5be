import assert from "node:assert/strict";
import { inProcessTransport } from "@mrtr/server";
import { describeProject } from "./client.js";
import { server } from "./server.js";

// npm start -w @mrtr/example-deprecated-features: the server and the client in one process, no socket.
const { text, log, sampled } = await describeProject(inProcessTransport(server));
for (const message of log) console.log(`log ${message.level} [${message.logger ?? "-"}]: ${JSON.stringify(message.data)}`);
console.log(`the server asked the model: ${JSON.stringify(sampled[0])}`);
console.log(`describe_project: ${text}`);

assert.equal(text, "A notes app for teams (in notes, shared)");
assert.deepEqual(sampled, ["Describe this project in five words."]);
// Round 1 logs once and stops at its questions; round 2 logs again, then once more with what it learnt.
assert.deepEqual(
  log.map((m) => m.level),
  ["info", "info", "notice"],
);
assert.deepEqual(log.at(-1), { level: "notice", logger: "describe", data: { roots: 2, model: "canned-model" } });
console.log("All checks passed.");
