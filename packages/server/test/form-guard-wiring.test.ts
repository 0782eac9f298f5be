import { describe, expect, it } from "vitest";
import { inputRequired } from "@mrtr/server";
import { errorOf, request, resultOf, server } from "./helpers.js";

describe("form guard inside the server", () => {
  it("refuses a form that asks for a secret: -32603 to the client, the fix to the developer", async () => {
    const errors: unknown[] = [];
    const s = server({ onError: (e) => errors.push(e) }).tool({
      name: "login",
      async handler(_a, ctx) {
        await ctx.elicit("creds", { message: "Log in", requestedSchema: { type: "object", properties: { password: { type: "string" } } } });
        return { content: [] };
      },
    });
    expect(errorOf(await s.handle(request("tools/call", { name: "login" })))).toEqual({ code: -32603, message: "Internal error" });
    expect(String(errors[0])).toMatch(/URL mode/i);
  });

  it("lets an explicit per-field override through", async () => {
    const s = server().tool({
      name: "budget",
      async handler(_a, ctx) {
        await ctx.elicit(
          "b",
          { message: "Budget", requestedSchema: { type: "object", properties: { api_key_label: { type: "string" } } } },
          { allowFields: ["api_key_label"] },
        );
        return { content: [] };
      },
    });
    expect(resultOf(await s.handle(request("tools/call", { name: "budget" }))).resultType).toBe("input_required");
  });

  it("applies the same screen and the same per-field override to low-level inputRequired()", async () => {
    const errors: unknown[] = [];
    const form = { type: "object" as const, properties: { api_key_label: { type: "string" as const } } };
    const ask = (allowFields?: Record<string, string[]>) =>
      server({ onError: (e) => errors.push(e) }).tool({
        name: "budget",
        handler: () =>
          inputRequired({
            inputRequests: { b: { method: "elicitation/create", params: { mode: "form", message: "Budget", requestedSchema: form } } },
            ...(allowFields && { options: Object.fromEntries(Object.entries(allowFields).map(([k, v]) => [k, { allowFields: v }])) }),
          }),
      });
    expect(errorOf(await ask().handle(request("tools/call", { name: "budget" }))).code).toBe(-32603);
    expect(String(errors[0])).toMatch(/api_key_label/);
    expect(resultOf(await ask({ b: ["api_key_label"] }).handle(request("tools/call", { name: "budget" }))).resultType).toBe("input_required");
    expect(errorOf(await ask({ other: ["api_key_label"] }).handle(request("tools/call", { name: "budget" }))).code).toBe(-32603);
  });
});
