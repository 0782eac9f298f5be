/**
 * The earlier-revisions example: one server's handler serves a 2026-07-28
 * client (input_required, then a retry) and a 2025-11-25 client (the
 * official SDK 1.x: initialize, a session, elicitation/create) on one
 * endpoint, at once; and the 2026-07-28 client reaches an SDK 1.x server
 * through a legacy session with the same call and handler.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidAnswerError } from "@mrtr/client";
import { orderCoffee } from "../src/draft-client.js";
import { orderCoffeeAsSdkClient } from "../src/sdk-client.js";
import { startSdkServer } from "../src/sdk-server.js";
import { startServer } from "../src/server.js";

describe("earlier revisions", () => {
  let ours: Awaited<ReturnType<typeof startServer>>;
  let old: Awaited<ReturnType<typeof startSdkServer>>;
  beforeAll(async () => {
    [ours, old] = await Promise.all([startServer(), startSdkServer()]);
  });
  afterAll(async () => {
    await Promise.all([ours?.close(), old?.close()]);
  });

  it("serves a 2026-07-28 client from the core: the size is asked with input_required and the retry answers it", async () => {
    expect(await orderCoffee(ours.url, "flat white", "large")).toEqual({ text: "One large flat white, coming up.", era: "modern" });
  });

  it("serves an SDK 1.x client of 2025-11-25 from the same handler: the question arrives as elicitation/create in its session", async () => {
    expect(await orderCoffeeAsSdkClient(ours.url, "cortado", "small")).toEqual({
      text: "One small cortado, coming up.",
      protocolVersion: "2025-11-25",
      asked: ["Which size of cortado?"],
    });
  });

  it("serves both eras at once on one endpoint", async () => {
    const [modern, sdk] = await Promise.all([orderCoffee(ours.url, "latte", "small"), orderCoffeeAsSdkClient(ours.url, "latte", "large")]);
    expect(modern.text).toBe("One small latte, coming up.");
    expect(sdk.text).toBe("One large latte, coming up.");
  });

  it("lets a 2026-07-28 client reach an initialize-based server: the era is found to be legacy and the same handler answers", async () => {
    expect(await orderCoffee(old.url, "mocha", "small")).toEqual({ text: "One small mocha, coming up (said a 2025-11-25 server).", era: "legacy", protocolVersion: "2025-11-25" });
  });

  it("checks an answer against the form before it is sent, in either era", async () => {
    // To a 2026-07-28 server no retry goes out: the call rejects.
    await expect(orderCoffee(ours.url, "mocha", "huge")).rejects.toBeInstanceOf(InvalidAnswerError);
    // A 2025-11-25 server asked with a request of its own: it gets an error answer (-32603) instead, and its tool fails.
    const refused = await orderCoffee(old.url, "mocha", "huge");
    expect(refused.text).toContain("does not fit the question: size: Choose one of: small, large");
  });
});
