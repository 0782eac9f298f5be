import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { loadGatewayConfig } from "@mrtr/gateway";
import { tourTheGateway } from "./client.js";
import { gatewayOptions, startGateway } from "./gateway.js";
import { archiveServer, bistroServer, serveUpstream } from "./upstreams.js";

// npm start: two upstreams, the gateway in front of them, a client touring it; every result checked.
const bistro = await serveUpstream(bistroServer());
const archive = await serveUpstream(archiveServer());
// One gateway instance: a secret of its own unless MRTR_STATE_SECRET gives the one a fleet shares.
const env = { MRTR_STATE_SECRET: process.env.MRTR_STATE_SECRET ?? randomBytes(32).toString("base64") };
const front = await startGateway(gatewayOptions({ bistro: bistro.url, archive: archive.url }, env));
try {
  console.log(`upstreams: bistro ${bistro.url}, archive ${archive.url}`);
  console.log(`gateway:   ${front.url}`);
  console.log(`eras:      ${front.gateway.status().map((s) => `${s.name} ${String(s.era)}`).join(", ")}`);

  const tour = await tourTheGateway(front.url);
  console.log(`tools:     ${tour.tools.join(", ")}`);
  console.log(`menu:      ${tour.menu}`);
  console.log(`booking:   ${tour.booking}`);
  console.log(`letters:   ${tour.letters}`);
  console.log(`asked:     ${tour.asked.join(" / ")}`);
  console.log(`purge:     ${tour.purge}`);
  assert.deepEqual(tour.tools, ["archive_find_letters", "bistro_book_table", "bistro_menu"]);
  assert.equal(tour.menu, "soup, risotto, tart");
  assert.equal(tour.booking, "Booked Friday 20:30 for 4.");
  assert.equal(tour.letters, "3 letters from 1912");
  assert.deepEqual(tour.asked, ["How many guests on Friday?", "At what time, for 4?", "Letters of which year?"]);
  assert.match(tour.purge, /^refused: /);
  assert.deepEqual(Object.fromEntries(front.gateway.status().map((s) => [s.name, s.era])), { bistro: "modern", archive: "legacy" });

  // The same gateway as a file, for `mrtr gateway --config gateway.json`: it loads, and says what the code says.
  const file = await loadGatewayConfig(fileURLToPath(new URL("../gateway.json", import.meta.url)), { env: {} });
  const fileUrls = { bistro: "http://127.0.0.1:4101/mcp", archive: "http://127.0.0.1:4102/mcp" };
  assert.deepEqual(file.gateway, gatewayOptions(fileUrls, {}));
  console.log("gateway.json: valid, and the same gateway as the code");
} finally {
  await front.close();
  await bistro.close();
  await archive.close();
}
