/**
 * A request's abort (request-abort.ts): AbortController's behaviour, with the
 * AbortSignal made only when something reads it. A handler that reads
 * `ctx.signal` sees the request's abort whether it came before or after the
 * read; a handler that never reads it costs no signal; a context copied for
 * a round keeps the same lazy signal, and one assigned over it wins.
 */
import { describe, expect, it } from "vitest";
import { RequestAbort } from "../src/request-abort.js";
import { extendContext, servingContext, type ServingFacts } from "../src/serving-context.js";
import { request, resultOf, server } from "./helpers.js";

describe("RequestAbort", () => {
  it("behaves as AbortController: a signal read after the abort is already aborted with the reason", () => {
    const abort = new RequestAbort();
    const reason = new Error("gone");
    abort.abort(reason);
    abort.abort(new Error("later")); // a second abort changes nothing
    expect(abort.aborted).toBe(true);
    expect(abort.signal.aborted).toBe(true);
    expect(abort.signal.reason).toBe(reason);
  });

  it("gives an AbortError when aborted without a reason, as AbortController does", () => {
    const ours = new RequestAbort();
    const theirs = new AbortController();
    ours.abort();
    theirs.abort();
    expect((ours.reason as DOMException).name).toBe((theirs.signal.reason as DOMException).name);
    expect(ours.signal.reason).toBe(ours.reason);
  });

  it("aborts a signal read before the abort, and calls each hook once; a removed hook is not called", () => {
    const abort = new RequestAbort();
    const signal = abort.signal;
    const calls: unknown[] = [];
    abort.onAbort((r) => calls.push(["kept", r]));
    const stop = abort.onAbort((r) => calls.push(["removed", r]));
    stop();
    abort.abort("why");
    abort.abort("again");
    expect(signal.aborted).toBe(true);
    expect(calls).toEqual([["kept", "why"]]);
  });
});

describe("the context's signal", () => {
  const facts = { method: "tools/call", requestId: 1 } as unknown as ServingFacts;

  it("is the request's abort's, made on first read, and survives extendContext without being read", () => {
    const abort = new RequestAbort();
    let made = 0;
    const counted = {
      get signal() {
        made++;
        return abort.signal;
      },
    };
    const ctx = servingContext({ ...facts }, {}, counted);
    const round = extendContext(ctx, { state: 1 });
    expect(made).toBe(0);
    abort.abort(new Error("peer left"));
    expect(round.signal.aborted).toBe(true);
    expect(ctx.signal).toBe(round.signal);
    expect(Object.keys(round)).toEqual(expect.arrayContaining(["method", "requestId", "state", "signal", "request"]));
  });

  it("assigned over (an extension's own signal), stays the one assigned in later copies", () => {
    const mine = new AbortController().signal;
    const ctx = servingContext({ ...facts }, {}, new RequestAbort());
    const diverted = extendContext(ctx, { signal: mine });
    expect(diverted.signal).toBe(mine);
    expect(extendContext(diverted, { more: true }).signal).toBe(mine);
  });

  it("aborts for a handler that reads it when the binding's signal aborts mid-call", async () => {
    let seen: AbortSignal | undefined;
    let release!: () => void;
    const s = server().tool({
      name: "wait",
      handler: async (_args, ctx) => {
        seen = ctx.signal;
        await new Promise<void>((resolve) => (release = resolve));
        return { content: [] };
      },
    });
    const binding = new AbortController();
    const answer = s.handle(request("tools/call", { name: "wait", arguments: {} }), { signal: binding.signal });
    await new Promise((r) => setTimeout(r, 10));
    expect(seen?.aborted).toBe(false);
    binding.abort(new Error("peer left"));
    expect(seen?.aborted).toBe(true);
    release();
    expect(await answer).toBeUndefined(); // cancelled: no answer
  });

  it("is not made for a request whose handler never reads it", async () => {
    const made = { count: 0 };
    const original = Object.getOwnPropertyDescriptor(RequestAbort.prototype, "signal")!;
    Object.defineProperty(RequestAbort.prototype, "signal", {
      ...original,
      get(this: RequestAbort) {
        made.count++;
        return original.get!.call(this);
      },
    });
    try {
      const s = server().tool({ name: "quiet", handler: () => ({ content: [] }) });
      expect(resultOf(await s.handle(request("tools/call", { name: "quiet", arguments: {} })))).toMatchObject({ content: [] });
      expect(made.count).toBe(0);
    } finally {
      Object.defineProperty(RequestAbort.prototype, "signal", original);
    }
  });
});
