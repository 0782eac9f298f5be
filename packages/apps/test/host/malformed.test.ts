/**
 * Whatever a view sends (seeded fast-check: any value, JSON-RPC-shaped
 * objects with every field broken in turn, well-formed envelopes with
 * broken params, JSON text), the bridge never
 * throws, answers exactly the messages that are requests (one answer each,
 * a well-formed response) and nothing else, and still works afterwards.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fakeBridge } from "./fixtures.js";

const METHODS = ["ui/initialize", "ping", "tools/call", "resources/read", "ui/open-link", "ui/message", "ui/update-model-context", "ui/request-display-mode", "ui/notifications/initialized", "ui/notifications/size-changed", "notifications/message", "notifications/cancelled", "constructor", "__proto__", "toString", "nope"];

const field = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, fc.anything());
const params = fc.oneof(
  fc.anything(),
  fc.record({ name: field(fc.constantFrom("refresh", "secret", "show", "")), arguments: fc.anything() }, { requiredKeys: [] }),
  fc.record({ url: field(fc.constantFrom("https://a.example", "javascript:x", "::")), uri: fc.anything(), mode: field(fc.constantFrom("inline", "pip", "big")) }, { requiredKeys: [] }),
  fc.record({ role: field(fc.constant("user")), content: fc.anything(), level: field(fc.constantFrom("info", "loud")), data: fc.anything(), width: fc.anything(), requestId: fc.anything() }, { requiredKeys: [] }),
  fc.record({ appInfo: field(fc.constant({ name: "v", version: "1" })), appCapabilities: fc.anything(), protocolVersion: fc.anything() }, { requiredKeys: [] }),
);
const rpcLike = fc.record(
  { jsonrpc: field(fc.constant("2.0")), id: field(fc.oneof(fc.integer(), fc.string({ maxLength: 4 }))), method: field(fc.constantFrom(...METHODS)), params, result: fc.anything(), error: fc.anything() },
  { requiredKeys: [] },
);
const wellFormed = fc.record(
  { jsonrpc: fc.constant("2.0"), id: fc.oneof(fc.integer(), fc.string({ maxLength: 4 })), method: fc.constantFrom(...METHODS), params },
  { requiredKeys: ["jsonrpc", "method"] },
);
const message = fc.oneof({ weight: 1, arbitrary: fc.anything() }, { weight: 3, arbitrary: rpcLike }, { weight: 4, arbitrary: wellFormed }, { weight: 1, arbitrary: rpcLike.map((m) => JSON.stringify(m) ?? "") }, { weight: 1, arbitrary: fc.string() });

/** Whether the bridge must answer `raw`: an object (or JSON text of one) with a usable id (a string of at most 256 characters, a safe integer) that is not a response. */
function isRequest(raw: unknown): { id: string | number } | undefined {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return undefined;
    }
  }
  const has = (key: string) => isPlainObject(value) && value[key] !== undefined; // undefined members are absent, as in JSON
  if (!isPlainObject(value) || !isRequestId(value.id)) return undefined;
  if (!has("method") && (has("result") || has("error"))) return undefined;
  return { id: value.id };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && [Object.prototype, null].includes(Object.getPrototypeOf(v));
const isRequestId = (id: unknown): id is string | number => (typeof id === "string" && id.length <= 256) || Number.isSafeInteger(id);

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("malformed messages from the view", () => {
  for (const initialized of [false, true]) {
    it(`never throw, and only requests are answered, once each, with a response (${initialized ? "after" : "before"} the handshake)`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(message, { maxLength: 12 }), async (messages) => {
          const { view, bridge } = fakeBridge({ limits: { requestBurst: 1e6, notificationBurst: 1e6 } });
          if (initialized) await view.handshake();
          for (const raw of messages) {
            const before = view.sent.length;
            expect(() => bridge.receive(raw)).not.toThrow();
            await settle();
            const answers = view.sent.slice(before).filter((m) => !("method" in m));
            const request = isRequest(raw);
            if (!request) {
              expect(answers).toEqual([]);
              continue;
            }
            expect(answers).toHaveLength(1);
            const [answer] = answers;
            expect(answer!.jsonrpc).toBe("2.0");
            expect(answer!.id).toBe(request.id);
            if ("error" in answer!) expect(answer!.error).toEqual(expect.objectContaining({ code: expect.any(Number), message: expect.any(String) }));
            else expect(isPlainObject(answer!.result)).toBe(true);
          }
          if (bridge.phase === "connecting") await view.handshake();
          expect((await view.request("ping", undefined, "after-fuzz")).result).toEqual({});
        }),
        { seed: 20260126, numRuns: 300 },
      );
    });
  }

  it("never throws when send throws or a listener throws; the failure is reported", async () => {
    const warnings: unknown[] = [];
    const { view, bridge } = fakeBridge({ send: () => { throw new Error("DataCloneError"); }, onWarning: (w) => { warnings.push(w); throw new Error("listener"); } });
    expect(() => bridge.receive({ jsonrpc: "2.0", id: 1, method: "ping" })).not.toThrow();
    await settle();
    expect(warnings).toContainEqual(expect.objectContaining({ type: "send-failed" }));
    expect(view.sent).toEqual([]);
  });

  it("treats own-property lookups as methods only for known names (__proto__, constructor are unknown)", async () => {
    const { view } = fakeBridge();
    await view.handshake();
    for (const method of ["__proto__", "constructor", "hasOwnProperty"]) expect((await view.request(method, {})).error.code).toBe(-32601);
    view.notify("constructor", {});
  });
});
