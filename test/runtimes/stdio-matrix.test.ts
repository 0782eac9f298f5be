/**
 * stdio works both ways on Bun and Deno (Node 20 as the baseline), on the
 * packages' dist/:
 *
 * - the runtime serves: fixtures/serve-stdio.ts (`serveStdio`) run by the
 *   runtime, launched by our client's stdio transport in this Node 20
 *   process: a multi round-trip, progress, cancellation reaching the
 *   handler, subscriptions/listen on the channel;
 * - the runtime launches: fixtures/stdio-client-script.ts, our client's
 *   stdio transport inside the runtime, launches the same server on Node 20
 *   and runs a multi round-trip, progress and a cancellation.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, FlowAbortedError, type McpClient, type Progress } from "@mrtr/client";
import { stdioTransport } from "@mrtr/client/stdio";
import { repoRoot } from "../helpers/paths.js";
import { commandOf, distMissing, runJson, runtime, titleOf, until } from "./matrix.js";

const SERVER = "test/runtimes/fixtures/serve-stdio.ts";
const CLIENT_SCRIPT = "test/runtimes/fixtures/stdio-client-script.ts";
const runtimes = (["node20", "bun", "deno"] as const).map(runtime);
const textOf = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

for (const rt of runtimes) {
  describe.skipIf(rt.skip !== undefined)(`a stdio server run by ${titleOf(rt)}, launched by our client on Node 20`, () => {
    let client: McpClient;
    const stderr: string[] = [];
    beforeAll(() => {
      const missing = distMissing();
      if (missing !== undefined) throw new Error(missing);
      client = createClient({
        transport: stdioTransport({ ...commandOf(rt, SERVER), cwd: repoRoot, stderr: (line) => void stderr.push(line) }),
        name: "stdio-matrix",
        version: "1.0.0",
        elicitation: { form: async () => ({ action: "accept", content: { name: "Ada" } }) },
      });
    });
    afterAll(() => client?.close());
    const why = () => `server stderr:\n${stderr.join("\n")}`;

    it("is the runtime named, serving the packages' dist/", async () => {
      const about = JSON.parse(textOf(await client.callTool("about"))) as { runtime: string; server: string };
      expect(about.runtime.split(" ")[0], why()).toBe(rt.name.replace(/\d+$/, ""));
      expect(about.server).toMatch(/\/packages\/server\/dist\/index\.js$/);
    });

    it("completes a multi round-trip over the channel", async () => {
      expect(textOf(await client.callTool("greet")), why()).toBe("hello Ada");
    });

    it("delivers progress reports, in order", async () => {
      const reports: Progress[] = [];
      expect(textOf(await client.callTool("steps", {}, { onProgress: (p) => void reports.push(p) }))).toBe("done");
      expect(reports.map((p) => p.progress), why()).toEqual([1, 2, 3]);
    });

    it("cancels a call on abort: notifications/cancelled reaches the handler's signal", async () => {
      const before = Number(textOf(await client.callTool("cancellations")));
      const controller = new AbortController();
      await expect(client.callTool("wait", {}, { signal: controller.signal, onProgress: () => controller.abort() })).rejects.toBeInstanceOf(FlowAbortedError);
      await until(async () => Number(textOf(await client.callTool("cancellations"))) === before + 1, `${rt.name}: the wait handler saw its signal abort\n${why()}`);
    });

    it("serves subscriptions/listen on the channel: the acknowledgement, then tools/list_changed", async () => {
      const controller = new AbortController();
      const events = client.listen({ toolsListChanged: true }, { signal: controller.signal });
      expect((await events.next()).value, why()).toMatchObject({ method: "notifications/subscriptions/acknowledged" });
      await client.callTool("add-tool", { name: "late" });
      expect((await events.next()).value?.method).toBe("notifications/tools/list_changed");
      controller.abort();
      expect((await events.next()).done).toBe(true);
    });
  });
}

type Check = { ok: true; value: any } | { ok: false; error: string };
type Report = { runtime: string; client: string; checks: Record<string, Check> };

for (const rt of runtimes) {
  describe.skipIf(rt.skip !== undefined)(`our client's stdio transport inside ${titleOf(rt)}, launching a Node 20 server`, () => {
    let report: Report;
    beforeAll(async () => {
      const server = { command: process.execPath, args: ["--import", "tsx", join(repoRoot, SERVER)], cwd: repoRoot };
      report = await runJson<Report>(rt, CLIENT_SCRIPT, { STDIO_SERVER: JSON.stringify(server) });
    }, 120_000);

    const valueOf = (name: string): any => {
      const check = report.checks[name];
      if (check === undefined) throw new Error(`no "${name}" check reported: ${JSON.stringify(report)}`);
      if (!check.ok) throw new Error(`${report.runtime}: ${name} failed inside the runtime: ${check.error}`);
      return check.value;
    };

    it("runs inside the runtime named, on the packages' dist/, and launched a Node server", () => {
      expect(report.runtime.split(" ")[0]).toBe(rt.name.replace(/\d+$/, ""));
      expect(report.client).toMatch(/\/packages\/client\/dist\/stdio\/index\.js$/);
      expect(valueOf("about").runtime).toBe(`node ${process.version}`);
    });

    it("completes a multi round-trip", () => {
      expect(valueOf("mrtr")).toBe("hello Ada");
    });

    it("receives progress reports, in order", () => {
      expect(valueOf("progress")).toEqual({ done: "done", progress: [1, 2, 3] });
    });

    it("cancels a call on abort: the call rejects and the server's handler counts the cancellation", () => {
      expect(valueOf("cancel")).toEqual({ outcome: "aborted", counted: 1 });
    });
  });
}
