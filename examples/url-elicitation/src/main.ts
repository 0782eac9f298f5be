// Runs the URL-mode step three ways, in one process: Alice agrees and finishes it in her browser; Alice
// declines; Alice agrees but the link ends up in Bob's browser, where the connect page refuses it.
import assert from "node:assert/strict";
import { MaxRoundsError, type McpClient } from "@mrtr/client";
import { browserSignedInAs } from "./browser.js";
import { createHostClient } from "./client.js";
import { startConnectPage } from "./connect-page.js";
import { createCalendarServer } from "./server.js";

const show = (line: string) => console.log(`   ${line}`);
const textOf = (result: Awaited<ReturnType<McpClient["callTool"]>>) => result.content.map((b) => (b.type === "text" ? b.text : "")).join("");

const page = await startConnectPage();
const server = createCalendarServer(page);
try {
  console.log("1. Alice agrees; her browser takes a moment on the connect page while the client polls:");
  const browser = browserSignedInAs("alice", { delayMs: 300 });
  let polls = 0;
  const alice = createHostClient(server, {
    user: "alice",
    consent: () => true,
    browser,
    show,
    onRound: (event) => void (event.type === "retrying" && event.delayMs > 0 && polls++),
  });
  const connected = await alice.callTool("connect_calendar", {});
  console.log(`   -> ${textOf(connected)} (after ${polls} polls)`);
  assert.equal(textOf(connected), "Calendar connected for alice.");
  assert.equal(browser.opened.length, 1);
  assert.ok(polls >= 1, "the client polled while the step was not finished");
  assert.deepEqual(page.visits.map((v) => [v.user, v.status]), [["alice", 200]]);

  console.log("2. Alice declines:");
  const untouched = browserSignedInAs("alice");
  const declining = createHostClient(server, { user: "alice", consent: () => false, browser: untouched, show });
  const declined = await declining.callTool("connect_calendar", {});
  console.log(`   -> ${textOf(declined)}`);
  assert.equal(textOf(declined), "No calendar connected: you declined.");
  assert.equal(untouched.opened.length, 0, "nothing is opened without consent");

  console.log("3. Alice agrees, but the link is opened in Bob's browser:");
  const bobs = browserSignedInAs("bob");
  const forwarded = createHostClient(server, { user: "alice", consent: () => true, browser: bobs, show: () => {}, polling: { intervalMs: 50, maxPolls: 4 } });
  await assert.rejects(forwarded.callTool("connect_calendar", {}), MaxRoundsError);
  await bobs.idle();
  console.log(`   -> the connect page answered ${page.visits[1]?.status} "${page.visits[1]?.text}"; the client stopped polling`);
  assert.deepEqual(page.visits.map((v) => [v.user, v.status]), [["alice", 200], ["bob", 403]]);
  console.log("All checks passed.");
} finally {
  await page.close();
}
