import { describe, expect, it } from "vitest";
import { createCatalogue } from "../src/catalogue.js";
import { createLibraryClient } from "../src/client.js";
import { main } from "../src/main.js";
import { createLibraryServer } from "../src/server.js";

describe("the library server", () => {
  it("lists its tools with their annotations and the JSON Schema of their output", async () => {
    const tools = await createLibraryClient(createLibraryServer(), 1).listAllTools();
    const find = tools.find((t) => t.name === "find_books");
    expect(find?.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(find?.outputSchema).toMatchObject({ type: "object", required: ["books"] });
    expect(tools.find((t) => t.name === "borrow_book")?.annotations?.destructiveHint).toBe(false);
  });

  it("answers find_books with text and structured content that fits its outputSchema", async () => {
    const result = await createLibraryClient(createLibraryServer(), 1).callTool("find_books", { query: "hobbit" });
    expect(result.structuredContent).toEqual({ books: [{ id: "hobbit", title: "The Hobbit", author: "J. R. R. Tolkien", year: 1937, onLoan: false }] });
    expect(result.content).toEqual([{ type: "text", text: "hobbit: The Hobbit (J. R. R. Tolkien, 1937)" }]);
  });

  it("asks for the weeks before lending, and lends nothing when the user declines", async () => {
    const catalogue = createCatalogue();
    const server = createLibraryServer(catalogue);
    const declined = await createLibraryClient(server, undefined).callTool("borrow_book", { id: "hobbit" });
    expect(declined.content).toEqual([{ type: "text", text: "Nothing was borrowed." }]);
    expect(catalogue.loanOf("hobbit")).toBeUndefined();
    await createLibraryClient(server, 4).callTool("borrow_book", { id: "hobbit" });
    expect(catalogue.loanOf("hobbit")).toBe(4);
  });

  it("answers a book on loan, an unknown id and bad arguments with tool errors, not protocol errors", async () => {
    const client = createLibraryClient(createLibraryServer(), 2);
    await client.callTool("borrow_book", { id: "dune" });
    expect(await client.callTool("borrow_book", { id: "dune" })).toMatchObject({ isError: true });
    expect(await client.callTool("borrow_book", { id: "ulysses" })).toMatchObject({ isError: true });
    expect(await client.callTool("borrow_book", { id: 7 })).toMatchObject({ isError: true });
  });

  it("answers an unknown tool and a URI that names no book with -32602", async () => {
    const client = createLibraryClient(createLibraryServer(), 2);
    await expect(client.callTool("burn_book", {})).rejects.toMatchObject({ code: -32602 });
    await expect(client.readResource("library://books/ulysses")).rejects.toMatchObject({ code: -32602, data: { uri: "library://books/ulysses" } });
  });

  it("tells a stream following a book's URI when the book is lent", async () => {
    const server = createLibraryServer();
    const client = createLibraryClient(server, 1);
    const controller = new AbortController();
    const events = client.listen({ resourceSubscriptions: ["library://books/moonstone"] }, { signal: controller.signal });
    expect((await events.next()).value).toMatchObject({ params: { notifications: { resourceSubscriptions: ["library://books/moonstone"] } } });
    await client.callTool("borrow_book", { id: "moonstone" });
    expect((await events.next()).value).toMatchObject({ method: "notifications/resources/updated", params: { uri: "library://books/moonstone" } });
    controller.abort();
    await expect.poll(() => server.activity().streams).toBe(0);
  });

  it("completes template variables and prompt arguments, and builds the prompt", async () => {
    const client = createLibraryClient(createLibraryServer(), 1);
    expect((await client.complete({ type: "ref/resource", uri: "library://books/{id}" }, { name: "id", value: "h" })).completion.values).toEqual(["hobbit"]);
    expect((await client.complete({ type: "ref/prompt", name: "recommend" }, { name: "genre", value: "" })).completion.values).toEqual(["science fiction", "fantasy", "mystery"]);
    const prompt = await client.getPrompt("recommend", { genre: "mystery" });
    expect(prompt.messages).toEqual([{ role: "user", content: { type: "text", text: "Recommend one of these mystery books and say why:\n- The Moonstone by Wilkie Collins" } }]);
  });

  it("declares what it wires in server/discover", async () => {
    const { capabilities } = await createLibraryClient(createLibraryServer(), 1).discover();
    expect(capabilities).toMatchObject({ tools: { listChanged: true }, resources: { subscribe: true, listChanged: true }, prompts: { listChanged: true }, completions: {} });
  });

  it("runs main's own checks", async () => {
    const lines: string[] = [];
    await main((line) => lines.push(line));
    expect(lines.at(-1)).toBe("all checks passed");
  });
});
