/** completion/complete (server/utilities/completion.mdx). */
import { describe, expect, it } from "vitest";
import { ServerDefinitionError } from "@mrtr/server";
import { errorOf, request, resultOf, server } from "../helpers.js";

const complete = (ref: Record<string, unknown>, name: string, value: string, context?: Record<string, string>) =>
  request("completion/complete", { ref, argument: { name, value }, ...(context && { context: { arguments: context } }) });

function withCompleters() {
  return server()
    .prompt({
      name: "review",
      arguments: [{ name: "language" }, { name: "framework" }],
      complete: {
        language: (value) => ["python", "pytorch", "pyside", "perl"].filter((v) => v.startsWith(value)),
        framework: (value, ctx) => (ctx.arguments.language === "python" ? ["flask", "fastapi"] : ["rails"]).filter((v) => v.startsWith(value)),
      },
      handler: () => ({ messages: [] }),
    })
    .resourceTemplate({
      uriTemplate: "file:///{path}",
      name: "files",
      complete: { path: () => ({ values: Array.from({ length: 250 }, (_, i) => `f${i}`) }) },
      handler: () => ({ contents: [] }),
    });
}

describe("completion/complete", () => {
  it("suggests values from the completer registered beside the prompt, with the other arguments as context", async () => {
    const s = withCompleters();
    expect(resultOf(await s.handle(complete({ type: "ref/prompt", name: "review" }, "language", "py"))).completion).toEqual({
      values: ["python", "pytorch", "pyside"],
      hasMore: false,
    });
    const r = resultOf(await s.handle(complete({ type: "ref/prompt", name: "review" }, "framework", "f", { language: "python" })));
    expect(r.completion.values).toEqual(["flask", "fastapi"]);
    expect(r.resultType).toBe("complete");
  });

  it("sends at most 100 values, with total and hasMore saying what was cut", async () => {
    const r = resultOf(await withCompleters().handle(complete({ type: "ref/resource", uri: "file:///{path}" }, "path", "")));
    expect(r.completion.values).toHaveLength(100);
    expect(r.completion).toMatchObject({ total: 250, hasMore: true });
  });

  it("declares the completions capability only when something completes", async () => {
    const caps = (s: ReturnType<typeof server>) => s.handle(request("server/discover")).then((r) => resultOf(r).capabilities);
    expect(await caps(withCompleters())).toHaveProperty("completions");
    const plain = server().prompt({ name: "p", arguments: [{ name: "a" }], handler: () => ({ messages: [] }) });
    expect(await caps(plain)).not.toHaveProperty("completions");
    expect(errorOf(await plain.handle(complete({ type: "ref/prompt", name: "p" }, "a", ""))).code).toBe(-32601);
  });

  it("refuses an unknown prompt, template or argument with -32602, and gives no suggestions for an argument without a completer", async () => {
    const s = withCompleters().prompt({ name: "bare", arguments: [{ name: "x" }], handler: () => ({ messages: [] }) });
    expect(errorOf(await s.handle(complete({ type: "ref/prompt", name: "nope" }, "language", ""))).code).toBe(-32602);
    expect(errorOf(await s.handle(complete({ type: "ref/prompt", name: "review" }, "constructor", ""))).code).toBe(-32602);
    expect(errorOf(await s.handle(complete({ type: "ref/resource", uri: "file:///{other}" }, "path", ""))).code).toBe(-32602);
    expect(resultOf(await s.handle(complete({ type: "ref/prompt", name: "bare" }, "x", ""))).completion).toEqual({ values: [], hasMore: false });
  });

  it("refuses at registration a completer of an argument the prompt does not have", () => {
    expect(() => server().prompt({ name: "p", arguments: [{ name: "a" }], complete: { b: () => [] }, handler: () => ({ messages: [] }) })).toThrow(ServerDefinitionError);
    expect(() => server().resourceTemplate({ uriTemplate: "x://{id}", name: "t", complete: { other: () => [] }, handler: () => ({ contents: [] }) })).toThrow(
      ServerDefinitionError,
    );
  });

  it("answers a completer that returns something else than strings with a bare -32603, the reason to onError", async () => {
    const errors: unknown[] = [];
    const s = server({ onError: (e) => errors.push(e) }).prompt({
      name: "p",
      arguments: [{ name: "a" }],
      complete: { a: () => [1, 2] as unknown as string[] },
      handler: () => ({ messages: [] }),
    });
    expect(errorOf(await s.handle(complete({ type: "ref/prompt", name: "p" }, "a", ""))).code).toBe(-32603);
    expect(errors[0]).toBeInstanceOf(ServerDefinitionError);
  });
});
