/**
 * End to end: one tool asks for elicitation, sampling and roots in the same
 * round and completes, through createServer + createClient over the
 * in-process transport (JSON text both ways), in both handler styles.
 */
import { describe, expect, it } from "vitest";
import { createClient, type RoundEvent } from "@mrtr/client";
import { inputRequired, inProcessTransport, type McpServer } from "@mrtr/server";
import { createMessage, listRoots } from "@mrtr/deprecated";
import type { CreateMessageResult, ListRootsResult } from "@mrtr/deprecated";
import { roots, sampling } from "@mrtr/deprecated/client";
import type { ElicitResult } from "@mrtr/schema";
import { server, textAnswer, type DeprecatedServer } from "./helpers.js";

const CONFIRM = {
  message: "Summarise the workspace?",
  requestedSchema: { type: "object" as const, properties: { ok: { type: "boolean" as const } }, required: ["ok"] },
};
const DRAFT = { messages: [{ role: "user" as const, content: { type: "text" as const, text: "Name this workspace." } }], maxTokens: 50 };

function summary(confirm: ElicitResult, draft: CreateMessageResult, dirs: ListRootsResult): string {
  const text = Array.isArray(draft.content) ? "" : draft.content.type === "text" ? draft.content.text : "";
  return `${String((confirm.content as { ok: boolean }).ok)}|${text}|${dirs.roots.map((r) => r.uri).join(",")}`;
}

function app(): DeprecatedServer {
  return server()
    .tool({
      name: "low_level",
      handler(_args, ctx) {
        const { confirm, draft, dirs } = ctx.inputResponses as { confirm?: ElicitResult; draft?: CreateMessageResult; dirs?: ListRootsResult };
        if (!confirm || !draft || !dirs) {
          return inputRequired({
            inputRequests: { confirm: { method: "elicitation/create", params: { mode: "form", ...CONFIRM } }, draft: createMessage(DRAFT), dirs: listRoots() },
          });
        }
        return { content: [{ type: "text", text: summary(confirm, draft, dirs) }] };
      },
    })
    .tool({
      name: "replay",
      async handler(_args, ctx) {
        const [confirm, draft, dirs] = await Promise.all([ctx.elicit("confirm", CONFIRM), ctx.sample("draft", DRAFT), ctx.listRoots("dirs")]);
        return { content: [{ type: "text", text: summary(confirm, draft, dirs) }] };
      },
    });
}

function client(srv: McpServer, events: RoundEvent[], asked: string[]) {
  return createClient({
    transport: inProcessTransport(srv),
    name: "e2e",
    version: "1.0.0",
    elicitation: {
      form: async (params) => {
        asked.push(`elicitation:${params.message}`);
        return { action: "accept", content: { ok: true } };
      },
    },
    inputKinds: [
      sampling(
        async (params) => {
          asked.push(`sampling:${params.messages.length}`);
          return textAnswer("atlas");
        },
        { silenceDeprecationWarning: true },
      ),
      roots([{ uri: "file:///home/me/atlas", name: "atlas" }], { silenceDeprecationWarning: true }),
    ],
    onRound: (e) => events.push(e),
  });
}

describe("end to end: elicitation, sampling and roots in one round", () => {
  for (const tool of ["low_level", "replay"] as const) {
    it(`${tool}: the server asks all three at once, the client answers all three, and the call completes in one round`, async () => {
      const events: RoundEvent[] = [];
      const asked: string[] = [];
      const c = client(app(), events, asked);
      expect(c.capabilities).toEqual({ elicitation: { form: {} }, sampling: {}, roots: {} });
      const result = await c.callTool(tool);
      expect(result.content).toEqual([{ type: "text", text: "true|atlas|file:///home/me/atlas" }]);
      expect(events.filter((e) => e.type === "input_required")).toEqual([
        { type: "input_required", method: "tools/call", round: 1, keys: ["confirm", "draft", "dirs"], hasState: true },
      ]);
      expect(events.at(-1)).toEqual({ type: "completed", method: "tools/call", rounds: 1 });
      expect(asked.sort()).toEqual(["elicitation:Summarise the workspace?", "sampling:1"]);
    });
  }
});
