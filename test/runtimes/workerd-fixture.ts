/**
 * The server the workerd tests serve, the same on workerd and on Node: built
 * with default options but for a fixed requestState secret (so a state sealed
 * on one runtime opens on the other), with
 * - `ask_name`: a multi round-trip (elicits a name; the round's state is
 *   sealed with `inputRequired({ state })`, so opening it needs the secret);
 * - `add`: a JSON Schema `inputSchema`, which the default validator checks
 *   (ajv where code generation is allowed, interpreted where it is not);
 * - `count`: progress notifications ahead of its answer;
 * - `runtime`: which runtime served the call and whether it may generate code.
 */
import { createServer, inputRequired, type McpServer } from "@mrtr/server";

/** The fixed requestState secret of the fixture (a test value, nothing else). */
export const FIXTURE_SECRET = "workerd-fixture-secret-0123456789-abcdefghijkl";

/** The body limit of the fixture's HTTP handler, small so a test can exceed it cheaply. */
export const FIXTURE_MAX_BODY_BYTES = 64 * 1024;

/** The fixture server; `secret` replaces the fixed one (a control: then states of the others do not open). */
export function fixtureServer(secret: string = FIXTURE_SECRET): McpServer {
  const server = createServer({ name: "workerd-fixture", version: "1.0.0", requestState: { secrets: [secret] } });

  server.tool({
    name: "ask_name",
    description: "Asks for a name in a second round, keeping the first round's time in the sealed state.",
    handler(_args, ctx) {
      const answer = ctx.inputResponses.name;
      const state = ctx.state as { askedOn?: string } | undefined;
      if (answer === undefined || state?.askedOn === undefined) {
        return inputRequired({
          inputRequests: {
            name: {
              method: "elicitation/create",
              params: { mode: "form", message: "Your name?", requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } },
            },
          },
          state: { askedOn: runtimeName() },
        });
      }
      const form = answer as { action?: string; content?: { name?: unknown } };
      const name = form.action === "accept" ? String(form.content?.name) : "stranger";
      return { content: [{ type: "text", text: `Hello, ${name} (asked on ${state.askedOn}, answered on ${runtimeName()})` }] };
    },
  });

  server.tool({
    name: "add",
    description: "Adds two integers.",
    inputSchema: { type: "object", properties: { a: { type: "integer" }, b: { type: "integer" } }, required: ["a", "b"], additionalProperties: false },
    handler(args) {
      const { a, b } = args as { a: number; b: number };
      return { content: [{ type: "text", text: String(a + b) }] };
    },
  });

  server.tool({
    name: "count",
    description: "Counts to three, reporting progress.",
    async handler(_args, ctx) {
      for (let i = 1; i <= 3; i++) {
        ctx.progress(i, 3, `step ${i}`);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      return { content: [{ type: "text", text: "counted" }] };
    },
  });

  server.tool({
    name: "runtime",
    description: "Names the runtime serving the call.",
    handler() {
      let codegen: boolean;
      try {
        codegen = new Function("return true")() === true;
      } catch {
        codegen = false;
      }
      return { content: [{ type: "text", text: JSON.stringify({ runtime: runtimeName(), codegen }) }] };
    },
  });

  return server;
}

/** "workerd" (it has `WebSocketPair`, at any compatibility date), "node", or "other". */
function runtimeName(): string {
  if (typeof (globalThis as { WebSocketPair?: unknown }).WebSocketPair === "function") return "workerd";
  return typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === "string" ? "node" : "other";
}
