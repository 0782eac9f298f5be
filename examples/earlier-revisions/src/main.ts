import assert from "node:assert/strict";
import { orderCoffee } from "./draft-client.js";
import { orderCoffeeAsSdkClient } from "./sdk-client.js";
import { startSdkServer } from "./sdk-server.js";
import { startServer } from "./server.js";

// npm start -w @mrtr/example-earlier-revisions: both eras against one server, then a draft client against an old server.
const ours = await startServer();
const old = await startSdkServer();
try {
  const modern = await orderCoffee(ours.url, "flat white", "large");
  console.log(`2026-07-28 client -> our server (${modern.era}, input_required and a retry): ${modern.text}`);
  assert.deepEqual(modern, { text: "One large flat white, coming up.", era: "modern" });

  const sdk = await orderCoffeeAsSdkClient(ours.url, "cortado", "small");
  console.log(`2025-11-25 client (SDK 1.x) -> our server (session ${sdk.protocolVersion}, elicitation/create): ${sdk.text}`);
  assert.deepEqual(sdk, { text: "One small cortado, coming up.", protocolVersion: "2025-11-25", asked: ["Which size of cortado?"] });

  const reached = await orderCoffee(old.url, "mocha", "small");
  console.log(`2026-07-28 client -> SDK 1.x server (${reached.era} ${reached.protocolVersion}): ${reached.text}`);
  assert.deepEqual(reached, { text: "One small mocha, coming up (said a 2025-11-25 server).", era: "legacy", protocolVersion: "2025-11-25" });
  console.log("All checks passed.");
} finally {
  await Promise.all([ours.close(), old.close()]);
}
