/**
 * The gateway in front of three real upstreams at once: our dual-era server
 * over HTTP (modern, MRTR), and the official SDK 1.x server of 2025-11-25
 * over HTTP and over stdio; a front client of ours in process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inProcessTransport } from "@mrtr/server";
import { createGateway, type Gateway, type GatewayWarning } from "@mrtr/gateway";
import type { Sdk1HttpServer } from "../../../test/interop/fixtures/sdk1-legacy-server.js";
import { frontClient, modernHttp, sdk1Http, sdk1Stdio, textOf } from "./helpers/upstreams.js";

describe("a gateway over a modern HTTP upstream and SDK 1.x upstreams over HTTP and stdio", () => {
  let modern: Awaited<ReturnType<typeof modernHttp>>;
  let legacy: Sdk1HttpServer;
  let gateway: Gateway;
  const warnings: GatewayWarning[] = [];

  beforeAll(async () => {
    modern = await modernHttp();
    legacy = await sdk1Http();
    gateway = createGateway({
      upstreams: { modern: { url: modern.url }, old: { url: legacy.url }, pipe: { ...sdk1Stdio, start: "boot" } },
      // Every progress report passed on as it comes (the front's default rate limit would merge some).
      server: { requestState: { secrets: ["gateway-test-secret-0123456789abcdef0123"] }, progress: { minIntervalMs: 0 } },
      onWarning: (w) => void warnings.push(w),
    });
    await gateway.start();
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    await modern?.close();
    await legacy?.close();
  }, 30_000);

  it("lists every upstream's tools under its name, and knows each era", async () => {
    const { client } = frontClient(inProcessTransport(gateway.server));
    const names = (await client.listAllTools()).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["modern_greet", "modern_two-questions", "old_ask_name", "old_greet", "pipe_ask_name", "pipe_greet"]));
    const eras = Object.fromEntries(gateway.status().map((s) => [s.name, s.era]));
    expect(eras).toEqual({ modern: "modern", old: "legacy", pipe: "legacy" });
    expect(warnings.filter((w) => w.kind === "upstream-down")).toEqual([]);
  });

  it("carries a modern upstream's input_required rounds to the front client and back", async () => {
    const { client, asked } = frontClient(inProcessTransport(gateway.server));
    expect(textOf(await client.callTool("modern_two-questions"))).toBe("Ada likes green");
    expect(asked).toEqual(["form: Your name?", "form: Your favourite colour, Ada?"]);
  });

  it.each(["old", "pipe"])("turns a legacy upstream's elicitation in the middle of a call into a round (%s)", async (upstream) => {
    const { client, asked } = frontClient(inProcessTransport(gateway.server));
    expect(textOf(await client.callTool(`${upstream}_ask_name`))).toBe("hello Ada");
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^form: /);
  });

  it("relays a legacy upstream's sampling request and roots request to the front client", async () => {
    const { client, asked } = frontClient(inProcessTransport(gateway.server));
    expect(textOf(await client.callTool("old_ask_model"))).toBe("the model said 4 (front-model)");
    expect(textOf(await client.callTool("pipe_list_roots"))).toBe("file:///front/root");
    expect(asked).toEqual(["sampling"]);
  });

  it("refuses upstream what the front client did not declare: the modern upstream answers -32021, the legacy one gets a refusal", async () => {
    const { client } = frontClient(inProcessTransport(gateway.server), { elicitation: false });
    await expect(client.callTool("modern_greet")).rejects.toMatchObject({ code: -32021 });
    // The SDK server's elicitInput fails with the refusal, which its tool reports as an error result.
    const legacyAnswer = await client.callTool("old_ask_name");
    expect(legacyAnswer.isError).toBe(true);
    expect(textOf(legacyAnswer)).toContain("did not declare the capability elicitation/create needs");
  });

  it("passes progress through from both eras' upstreams", async () => {
    const { client } = frontClient(inProcessTransport(gateway.server));
    for (const tool of ["modern_steps", "old_slow_count"]) {
      const seen: number[] = [];
      await client.callTool(tool, {}, { onProgress: (p) => void seen.push(p.progress) });
      expect(seen, tool).toEqual([1, 2, 3]);
    }
  });

  it("passes cancellation through: the upstream's handler sees its request cancelled", async () => {
    const { client } = frontClient(inProcessTransport(gateway.server));
    for (const [wait, count, done] of [
      ["modern_wait", "modern_cancellations", (t: string) => Number(t) > 0],
      ["old_wait_for_cancel", "old_was_cancelled", (t: string) => t === "yes"],
    ] as const) {
      const controller = new AbortController();
      const call = client.callTool(wait, {}, { signal: controller.signal, onProgress: () => controller.abort() });
      await expect(call, wait).rejects.toThrow();
      let answer = "";
      for (let i = 0; i < 50 && !done(answer); i++) {
        answer = textOf(await client.callTool(count));
        if (!done(answer)) await new Promise((r) => setTimeout(r, 50));
      }
      expect(done(answer), `${count}: ${answer}`).toBe(true);
    }
  });

  it("passes completion through for a prompt argument and a template variable", async () => {
    const { client } = frontClient(inProcessTransport(gateway.server));
    expect((await client.complete({ type: "ref/prompt", name: "old_hello" }, { name: "name", value: "A" })).completion.values).toEqual(["Ada", "Alan"]);
    expect((await client.complete({ type: "ref/resource", uri: "mem://items/{id}" }, { name: "id", value: "" })).completion.values).toEqual(["1", "2", "3"]);
  });

  it("reads resources and templated resources from the upstream that offers them, and gets prompts by their namespaced names", async () => {
    const { client } = frontClient(inProcessTransport(gateway.server));
    const text = (r: { contents: unknown[] }) => (r.contents[0] as { text?: string }).text;
    expect(text(await client.readResource("mem://note"))).toBe("a note");
    expect(text(await client.readResource("mem://items/2"))).toBe("item 2");
    expect(text(await client.readResource("test://doc"))).toBe("the document");
    const prompt = await client.getPrompt("modern_greeting", { name: "Ada" });
    expect(prompt.messages[0]?.content).toMatchObject({ text: "Say hello to Ada." });
  });

  it("follows an upstream's list changes: a tool it adds is offered and announced on the front's listen stream", async () => {
    const { client } = frontClient(inProcessTransport(gateway.server));
    const controller = new AbortController();
    const events = client.listen({ toolsListChanged: true }, { signal: controller.signal });
    expect((await events.next()).value?.method).toBe("notifications/subscriptions/acknowledged");
    expect(textOf(await client.callTool("old_add_tool", { name: "fresh" }))).toBe("added fresh");
    expect((await events.next()).value?.method).toBe("notifications/tools/list_changed");
    controller.abort();
    expect((await client.listAllTools()).map((t) => t.name)).toContain("old_fresh");
    expect(textOf(await client.callTool("old_fresh"))).toBe("I am fresh");
  });

  it.each([
    ["modern", "test://doc", "modern_touch", { uri: "test://doc" }],
    ["old", "mem://note", "old_touch_resource", {}],
  ] as const)("follows a subscribed resource at the upstream offering it (%s): its update reaches the front's listen stream", async (_upstream, uri, touch, args) => {
    const { client } = frontClient(inProcessTransport(gateway.server));
    const controller = new AbortController();
    const events = client.listen({ resourceSubscriptions: [uri] }, { signal: controller.signal });
    const ack = (await events.next()).value as { params?: { notifications?: { resourceSubscriptions?: string[] } } } | undefined;
    expect(ack?.params?.notifications?.resourceSubscriptions).toEqual([uri]);
    // The upstream's own subscription opens shortly after the front's: touch until an update comes through.
    const next = events.next();
    let update: IteratorResult<unknown> | undefined;
    for (let i = 0; i < 100 && !update; i++) {
      await client.callTool(touch, { ...args });
      update = await Promise.race([next, new Promise<undefined>((r) => setTimeout(() => r(undefined), 100))]);
    }
    controller.abort();
    expect(update?.value).toMatchObject({ method: "notifications/resources/updated", params: { uri } });
  });
});

