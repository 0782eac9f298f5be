import { describe, expectTypeOf, it } from "vitest";
import type { CallToolResult, CompleteResult, ListToolsResult, SubscriptionFilter } from "@mrtr/schema";
import { type ListenEvent, createClient, type McpClient } from "@mrtr/client";

declare const client: McpClient;

describe("client.request is typed by method", () => {
  it("gives the complete result type of each protocol method", () => {
    expectTypeOf(client.request("tools/call", { name: "t" })).resolves.toEqualTypeOf<CallToolResult>();
    expectTypeOf(client.request("tools/list")).resolves.toEqualTypeOf<ListToolsResult>();
    expectTypeOf(client.request("completion/complete", { ref: { type: "ref/prompt", name: "p" }, argument: { name: "a", value: "" } })).resolves.toEqualTypeOf<CompleteResult>();
  });

  it("checks the params of protocol methods and leaves _meta to the client", () => {
    // @ts-expect-error tools/call needs a tool name
    void client.request("tools/call", { arguments: {} });
    // @ts-expect-error the client fills _meta itself
    void client.request("tools/call", { name: "t", _meta: {} });
  });

  it("still calls methods outside the protocol's list, untyped", () => {
    expectTypeOf(client.request<{ ok: boolean }>("x/custom", { a: 1 })).resolves.toEqualTypeOf<{ ok: boolean }>();
  });

  it("needs no generics for the helpers", () => {
    expectTypeOf(createClient).returns.toEqualTypeOf<McpClient>();
  });

  it("types the new helpers by what they return", () => {
    expectTypeOf(client.complete({ type: "ref/prompt", name: "p" }, { name: "a", value: "" })).resolves.toEqualTypeOf<CompleteResult>();
    expectTypeOf(client.listAllTools()).resolves.toEqualTypeOf<ListToolsResult["tools"]>();
    expectTypeOf(client.listen({ toolsListChanged: true })).toEqualTypeOf<AsyncIterableIterator<ListenEvent>>();
    // @ts-expect-error a filter field must be a boolean
    void client.listen({ toolsListChanged: "yes" });
  });

  it("takes an extension's filter fields and types its notifications by the type parameter, the core's narrowing intact", () => {
    const filter: SubscriptionFilter = { toolsListChanged: true };
    expectTypeOf(client.listen(filter)).toEqualTypeOf<AsyncIterableIterator<ListenEvent>>();
    type JobNotification = { jsonrpc: "2.0"; method: "notifications/jobs"; params: { jobId: string } };
    expectTypeOf(client.listen<JobNotification>({ jobIds: ["j-1"] })).toEqualTypeOf<AsyncIterableIterator<ListenEvent | JobNotification>>();
    async function _narrow() {
      for await (const event of client.listen<JobNotification>({ jobIds: ["j-1"], resourceSubscriptions: ["file:///a"] })) {
        if (event.method === "notifications/resources/updated") expectTypeOf(event.params.uri).toEqualTypeOf<string>();
        if (event.method === "notifications/jobs") expectTypeOf(event.params.jobId).toEqualTypeOf<string>();
      }
    }
  });
});
