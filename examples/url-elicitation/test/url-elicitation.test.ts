/**
 * The URL-mode example: the tool finishes only once its connect page saw the
 * right user, the client polls meanwhile without asking again, a decline opens
 * nothing, a link opened by someone else is refused, and the server's URL
 * guard keeps secrets out of the URL.
 */
import { MaxRoundsError, type McpClient, type RoundEvent } from "@mrtr/client";
import { assertSafeUrl, UnsafeUrlError } from "@mrtr/server/elicitation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserSignedInAs } from "../src/browser.js";
import { createHostClient, type HostOptions } from "../src/client.js";
import { startConnectPage, type ConnectPage } from "../src/connect-page.js";
import { createCalendarServer } from "../src/server.js";

let page: ConnectPage;
beforeAll(async () => {
  page = await startConnectPage();
});
afterAll(async () => {
  await page.close();
});

const textOf = (result: Awaited<ReturnType<McpClient["callTool"]>>) => result.content.map((b) => (b.type === "text" ? b.text : "")).join("");

/** A host client of a fresh calendar server, recording what it showed, what it was asked and each round event. */
function host(overrides: Partial<HostOptions> & Pick<HostOptions, "browser">) {
  const shown: string[] = [];
  const asked: string[] = [];
  const events: RoundEvent[] = [];
  const client = createHostClient(createCalendarServer(page), {
    user: "alice",
    consent: (inspection) => (asked.push(inspection.url), true),
    show: (line) => shown.push(line),
    polling: { intervalMs: 20, maxPolls: 50 },
    onRound: (event) => events.push(event),
    ...overrides,
  });
  return { client, shown, asked, events };
}

describe("a URL-mode step", () => {
  it("completes only after the connect page saw the user, the client polling meanwhile and asking the user once", async () => {
    const browser = browserSignedInAs("alice", { delayMs: 150 });
    const { client, asked, shown, events } = host({ browser });
    const before = page.visits.length;
    const result = await client.callTool("connect_calendar", {});
    expect(textOf(result)).toBe("Calendar connected for alice.");
    expect(result.structuredContent).toEqual({ connected: true });
    expect(asked).toHaveLength(1);
    expect(browser.opened).toEqual(asked);
    expect(events.filter((e) => e.type === "retrying" && e.delayMs === 20).length).toBeGreaterThan(0);
    expect(page.visits.slice(before)).toEqual([{ user: "alice", status: 200, text: "Your calendar is connected. You can close this tab." }]);
    // The host showed the full URL with its host marked, and the inspection's warnings about a loopback link.
    expect(shown).toContain(`  http://[127.0.0.1]${asked[0]!.slice("http://127.0.0.1".length)}`);
    expect(shown.some((line) => line.includes("(insecure-localhost)"))).toBe(true);
  });

  it("sends the user to the server's own connect page, with a link bound to them and no secret in it", async () => {
    const { client, asked } = host({ browser: browserSignedInAs("alice"), consent: (inspection) => (asked.push(inspection.url), false) });
    await client.callTool("connect_calendar", {});
    const url = new URL(asked[0]!);
    expect(url.pathname).toBe("/connect");
    expect([...url.searchParams.keys()]).toEqual(["connect"]);
    const token = url.searchParams.get("connect")!;
    expect(await page.links.verifyConnect(token, "alice")).toMatchObject({ ok: true, binding: { principal: "alice", purpose: "calendar" } });
    expect(await page.links.verifyConnect(token, "bob")).toEqual({ ok: false, reason: "wrong-principal" });
    expect(() => assertSafeUrl(asked[0]!)).not.toThrow();
  });

  it("answers a decline with the tool's own text and opens nothing", async () => {
    const browser = browserSignedInAs("alice");
    const { client } = host({ browser, consent: () => false });
    expect(textOf(await client.callTool("connect_calendar", {}))).toBe("No calendar connected: you declined.");
    expect(browser.opened).toEqual([]);
  });

  it("never completes for a link opened in someone else's browser: the page refuses it and the client stops after its polls", async () => {
    const browser = browserSignedInAs("bob");
    const { client } = host({ browser, polling: { intervalMs: 20, maxPolls: 3 } });
    const before = page.visits.length;
    await expect(client.callTool("connect_calendar", {})).rejects.toBeInstanceOf(MaxRoundsError);
    await browser.idle();
    expect(page.visits.slice(before)).toEqual([{ user: "bob", status: 403, text: "This link is not for you (wrong-principal)." }]);
  });

  it("asks nobody when the host names no user", async () => {
    const { client, asked } = host({ browser: browserSignedInAs("alice"), user: undefined });
    const result = await client.callTool("connect_calendar", {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("Sign in first.");
    expect(asked).toEqual([]);
  });
});

describe("the server's URL guard (assertSafeUrl, applied to every URL-mode question)", () => {
  it("refuses credentials, secret-looking parameters, bearer tokens and plain http off loopback", () => {
    expect(() => assertSafeUrl("https://calendar.example.com/connect?access_token=abc")).toThrow(UnsafeUrlError);
    expect(() => assertSafeUrl("https://alice:pw@calendar.example.com/connect")).toThrow(UnsafeUrlError);
    expect(() => assertSafeUrl("https://calendar.example.com/connect?x=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.sig")).toThrow(UnsafeUrlError);
    expect(() => assertSafeUrl("http://calendar.example.com/connect")).toThrow(UnsafeUrlError);
    expect(() => assertSafeUrl("http://127.0.0.1:8080/connect")).not.toThrow();
  });
});
