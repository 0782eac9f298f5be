/**
 * Runs a client against the library server in one process and checks every
 * feature: tools (structured output, annotations, a question, a tool error),
 * resources (fixed, templated, a subscription's update, a protocol error),
 * prompts and completion. `npm start -w @mrtr/example-server-features`.
 */
import assert from "node:assert/strict";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { McpClient } from "@mrtr/client";
import { createLibraryClient } from "./client.js";
import { createLibraryServer } from "./server.js";

type Print = (line: string) => void;

const textOf = (result: { content: { type: string; text?: string }[] }) => result.content.map((c) => c.text ?? `[${c.type}]`).join("\n");
const contentsOf = (result: { contents: ({ text: string } | { blob: string })[] }) => result.contents.map((c) => ("text" in c ? c.text : c.blob)).join("");

/** tools/list and a call whose structured result follows the tool's outputSchema. */
async function tools(client: McpClient, print: Print): Promise<void> {
  const listed = await client.listAllTools();
  print(`tools: ${listed.map((t) => `${t.name}${t.annotations?.readOnlyHint ? " (read-only)" : ""}`).join(", ")}`);
  assert.deepEqual(listed.map((t) => t.name), ["find_books", "borrow_book"]);
  assert.equal(listed[0]?.outputSchema?.type, "object");
  const found = await client.callTool("find_books", { query: "le guin" });
  const books = (found.structuredContent as { books: { id: string }[] }).books;
  print(`find_books "le guin": ${books.map((b) => b.id).join(", ")}`);
  assert.deepEqual(books.map((b) => b.id), ["left-hand", "earthsea"]);
}

/** A call that asks a question (two rounds), the update it announces, and the tool error of a second try. */
async function borrowing(client: McpClient, print: Print): Promise<void> {
  const controller = new AbortController();
  const events = client.listen({ resourceSubscriptions: ["library://books/dune"] }, { signal: controller.signal });
  const ack = await events.next(); // the stream is open once it is acknowledged
  assert.equal(ack.value?.method, "notifications/subscriptions/acknowledged");
  const borrowed = await client.callTool("borrow_book", { id: "dune" });
  print(`borrow_book dune: ${textOf(borrowed)}`);
  assert.equal(textOf(borrowed), 'You borrowed "Dune" for 3 weeks.');
  const update = (await events.next()).value;
  assert.ok(update?.method === "notifications/resources/updated");
  assert.equal(update.params.uri, "library://books/dune");
  print(`listen: ${update.method} ${update.params.uri}`);
  controller.abort();
  const again = await client.callTool("borrow_book", { id: "dune" });
  print(`borrow_book dune again: isError ${String(again.isError)}: ${textOf(again)}`);
  assert.equal(again.isError, true);
  const invalid = await client.callTool("borrow_book", {});
  assert.equal(invalid.isError, true); // arguments outside inputSchema: a tool error too
}

/** A fixed resource, a templated one, completion of its variable, and the error of a URI that names nothing. */
async function resources(client: McpClient, print: Print): Promise<void> {
  const hours = await client.readResource("library://opening-hours");
  assert.equal(contentsOf(hours), "Monday to Saturday, 9:00 to 18:00.");
  const { completion } = await client.complete({ type: "ref/resource", uri: "library://books/{id}" }, { name: "id", value: "d" });
  print(`complete {id} "d": ${completion.values.join(", ")}`);
  assert.deepEqual(completion.values, ["dune"]);
  const dune = JSON.parse(contentsOf(await client.readResource("library://books/dune"))) as { onLoan: boolean; weeks: number };
  print(`read library://books/dune: on loan ${String(dune.onLoan)}, ${dune.weeks} weeks`);
  assert.equal(dune.weeks, 3);
  await assert.rejects(client.readResource("library://books/ulysses"), { code: -32602 });
  print("read library://books/ulysses: error -32602 (Resource not found)");
}

/** A prompt's arguments completed, then the prompt itself. */
async function prompts(client: McpClient, print: Print): Promise<void> {
  const { completion } = await client.complete({ type: "ref/prompt", name: "recommend" }, { name: "genre", value: "f" });
  print(`complete genre "f": ${completion.values.join(", ")}`);
  assert.deepEqual(completion.values, ["fantasy"]);
  const prompt = await client.getPrompt("recommend", { genre: "fantasy" });
  const first = prompt.messages[0]?.content;
  assert.ok(first?.type === "text" && first.text.includes("A Wizard of Earthsea"));
  print(`recommend fantasy: ${prompt.messages.length} message, "${first.text.split("\n")[0]}"`);
}

/** The whole tour; every check throws on a wrong result. */
export async function main(print: Print = console.log): Promise<void> {
  const server = createLibraryServer();
  const client = createLibraryClient(server, 3);
  try {
    await tools(client, print);
    await borrowing(client, print);
    await resources(client, print);
    await prompts(client, print);
    print("all checks passed");
  } finally {
    await client.close();
    await server.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
