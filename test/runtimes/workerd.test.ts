/**
 * @mrtr/server and @mrtr/client in Cloudflare's workerd, through Miniflare
 * (pinned in install.ts), bundled as wrangler bundles a Worker
 * (workerd-bundle.ts) and run with no module rules and no Node polyfills:
 *
 * - the bundles import no Node built-in and hold no computed `import(…)`;
 * - the fixture server (workerd-fixture.ts), built with default options, is
 *   driven by our client: a multi round-trip, a JSON Schema tool (workerd
 *   forbids code generation while serving, so this proves the default
 *   validator chose the interpreted one), bad arguments, progress over the
 *   event stream, an oversized body;
 * - a state sealed by workerd opens on Node with the same secret, and back;
 * - our client bundled into a Worker calls a Node server the test starts.
 *
 * Each runs under Miniflare's defaults, under a recent compatibility date
 * (where workerd lets the global scope generate code but not a request), and
 * with `nodejs_compat` (where `process.getBuiltinModule` gives workerd's own
 * node:crypto to request state).
 *
 * Part of `npm run test:runtimes` (skipped in the main run), on the built
 * dist/ as that suite is: run `npm run build` first. Skipped, saying why,
 * when Miniflare cannot be installed; with MRTR_RUNTIMES_REQUIRED=1 that
 * fails instead.
 */
import { once } from "node:events";
import { createServer as createNodeHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { createClient, httpTransport, isPendingInput, type McpClient } from "@mrtr/client";
import { createHttpHandler } from "@mrtr/server";
import { toNodeListener } from "@mrtr/server/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/paths.js";
import { ensureRuntime } from "./install.js";
import { distMissing, IN_SUITE, REQUIRED } from "./matrix.js";
import { bundleWorker, computedImportsOf, type WorkerBundle } from "./workerd-bundle.js";
import { FIXTURE_MAX_BODY_BYTES, fixtureServer } from "./workerd-fixture.js";

// As the matrix: only in `npm run test:runtimes` (the main run also collects test/**), on the built dist/.
const installed = IN_SUITE ? ensureRuntime("miniflare") : { skip: "the workerd suite runs in `npm run test:runtimes`" };
if (IN_SUITE && "skip" in installed && REQUIRED) throw new Error(`${installed.skip} (MRTR_RUNTIMES_REQUIRED=1: a missing runtime fails)`);
const skip = "skip" in installed ? installed.skip : IN_SUITE ? distMissing() : undefined;
if (IN_SUITE && skip !== undefined) console.warn(`workerd tests skipped: ${skip}`);

const OUT = join(repoRoot, ".cache/runtimes/workerd-out");
const here = (file: string) => join(repoRoot, "test/runtimes", file);

/** What the Miniflare instance of a test needs; the class comes from the installed package. */
type MiniflareInstance = {
  dispatchFetch(input: string, init?: RequestInit): Promise<Response>;
  ready: Promise<URL>;
  dispose(): Promise<void>;
};
type MiniflareClass = new (options: Record<string, unknown>) => MiniflareInstance;

async function loadMiniflare(): Promise<MiniflareClass> {
  if (!("path" in installed)) throw new Error(skip);
  const mod = (await import(pathToFileURL(join(dirname(installed.path), "dist/src/index.js")).href)) as { Miniflare: MiniflareClass };
  return mod.Miniflare;
}

/** The three ways the Worker is run: what each says about the host. */
const CONFIGS = [
  { name: "Miniflare's defaults", options: {} },
  { name: "compatibility date 2026-07-01 (code generation allowed at start-up only)", options: { compatibilityDate: "2026-07-01" } },
  { name: "compatibility date 2026-07-01 with nodejs_compat", options: { compatibilityDate: "2026-07-01", compatibilityFlags: ["nodejs_compat"] } },
] as const;

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": { elicitation: {} },
  "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1.0.0" },
};
const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28" };

const textOf = (result: { content: readonly unknown[] }) => (result.content[0] as { text?: string } | undefined)?.text;

/** A client of `fetchLike` (a Worker's dispatchFetch, or a handler in this process) that answers forms with `name`, or hands rounds back. */
function clientOf(fetchLike: (url: string, init?: RequestInit) => Promise<Response>, mode: { name: string } | "manual"): McpClient {
  return createClient({
    name: "workerd-test",
    version: "1.0.0",
    transport: httpTransport("http://workerd.test/mcp", { fetch: ((input: string | URL | Request, init?: RequestInit) => fetchLike(String(input instanceof Request ? input.url : input), init)) as typeof fetch }),
    elicitation: { form: mode === "manual" ? "manual" : async () => ({ action: "accept", content: { name: mode.name } }) },
  });
}

/** The fixture served on Node, in this process, through the web-standard handler. */
function nodeFixture(secret?: string): (url: string, init?: RequestInit) => Promise<Response> {
  const handle = createHttpHandler(fixtureServer(secret), { maxBodyBytes: FIXTURE_MAX_BODY_BYTES });
  return (url, init) => handle(new Request(url, init));
}

describe.skipIf(skip !== undefined)(skip === undefined ? "workerd (Miniflare)" : `workerd (Miniflare): skipped, ${skip}`, () => {
  let Miniflare: MiniflareClass;
  let single: WorkerBundle;
  let split: WorkerBundle;
  let clientWorker: WorkerBundle;

  beforeAll(async () => {
    Miniflare = await loadMiniflare();
    single = await bundleWorker(here("workerd-worker.ts"), join(OUT, "server"));
    split = await bundleWorker(here("workerd-worker.ts"), join(OUT, "server-split"), { splitting: true });
    clientWorker = await bundleWorker(here("workerd-client-worker.ts"), join(OUT, "client"));
  }, 120_000);

  describe("bundles as wrangler makes them", () => {
    it("the scan finds a computed import() and passes literal ones (the control)", () => {
      expect(computedImportsOf('const m = "x"; import(m); import(/* c */ "./a.js"); import(\'b\'); x.import(y)')).toEqual(["import(m); import(/* c */ \"./a.js\"); import('b'); x.import(y)…"]);
    });

    it("@mrtr/server and @mrtr/client: no Node built-in and no computed import()", () => {
      for (const bundle of [single, split, clientWorker]) {
        expect(bundle.nodeImports, `${bundle.dir}: Node built-ins a Worker without nodejs_compat cannot load`).toEqual([]);
        expect(bundle.computedImports, `${bundle.dir}: computed import() that Miniflare's module analysis refuses`).toEqual([]);
      }
    });

    it("keeps lazy loading: split, ajv, the interpreted validator and the legacy era are chunks the entry does not import statically", () => {
      const entry = split.modules.get("worker.mjs")!;
      const staticImports = [...entry.matchAll(/^import\s[^;]*?from\s*"\.\/([^"]+)"/gm)].map((m) => m[1]!);
      const dynamicImports = [...entry.matchAll(/\bimport\(\s*"\.\/([^"]+)"\s*\)/g)].map((m) => m[1]!);
      const lazyOnly = dynamicImports.filter((name) => !staticImports.includes(name));
      const holding = (marker: RegExp) => [...split.modules].filter(([, text]) => marker.test(text)).map(([name]) => name);
      // Each library is recognised by text only it contains.
      for (const [library, marker] of [
        ["ajv", /\$dynamicAnchor|ajv-formats|"strictTypes"/],
        ["@cfworker/json-schema", /shortCircuit|dereference/],
      ] as const) {
        const chunks = holding(marker);
        expect(chunks.length, `${library} is in the split bundle`).toBeGreaterThan(0);
        for (const chunk of chunks) expect(staticImports, `${library} (${chunk}) is not loaded with the entry`).not.toContain(chunk);
        expect(chunks.some((c) => lazyOnly.includes(c) || !entry.includes(c)), `${library} is reached only by import()`).toBe(true);
      }
    });
  });

  describe.each(CONFIGS)("the fixture server in workerd: $name", ({ options }) => {
    const mfs: MiniflareInstance[] = [];
    const start = (bundle: WorkerBundle) => {
      // No module rules, no modules list, no polyfills: the script and, for the split bundle, the chunks it imports by literal specifiers.
      const mf = new Miniflare({ modules: true, scriptPath: bundle.main, ...options });
      mfs.push(mf);
      return mf;
    };
    let mf: MiniflareInstance;
    const viaWorker = (url: string, init?: RequestInit) => mf.dispatchFetch(url, init);

    beforeAll(() => {
      mf = start(single);
    });
    afterAll(async () => {
      await Promise.all(mfs.map((m) => m.dispose()));
    });

    it("serves a full multi round-trip to our client (the state sealed and opened in workerd)", async () => {
      const client = clientOf(viaWorker, { name: "Ada" });
      expect(textOf(await client.callTool("ask_name"))).toBe("Hello, Ada (asked on workerd, answered on workerd)");
      await client.close();
    });

    it("a request cannot generate code there, and the JSON Schema tool still checks its arguments (the default chose the interpreted validator)", async () => {
      const client = clientOf(viaWorker, { name: "Ada" });
      expect(JSON.parse(textOf(await client.callTool("runtime"))!)).toEqual({ runtime: "workerd", codegen: false });
      expect(textOf(await client.callTool("add", { a: 40, b: 2 }))).toBe("42");
      // Arguments that break the schema: the tool's error result, as on Node, never -32603.
      const bad = await client.callTool("add", { a: "forty", b: 2 });
      expect(bad.isError).toBe(true);
      expect(textOf(bad)).toMatch(/^Invalid arguments for tool add: \/a /);
      const onNode = await clientOf(nodeFixture(), { name: "Ada" }).callTool("add", { a: "forty", b: 2 });
      expect(onNode.isError).toBe(true);
      await client.close();
    });

    it("refuses params that break the protocol's schema with -32602, not -32603", async () => {
      const response = await mf.dispatchFetch("http://workerd.test/mcp", {
        method: "POST",
        headers: { ...HEADERS, "mcp-method": "tools/call", "mcp-name": "add" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "add", arguments: [1, 2], _meta: META } }),
      });
      const body = (await response.json()) as { error?: { code: number } };
      expect(body.error?.code).toBe(-32602);
    });

    it("streams progress ahead of the answer (with a compatibility date from 2022-11-30; before it, progress is dropped and the answer still comes)", async () => {
      const client = clientOf(viaWorker, { name: "Ada" });
      const seen: number[] = [];
      const result = await client.callTool("count", {}, { onProgress: ({ progress }) => void seen.push(progress) });
      expect(textOf(result)).toBe("counted");
      // Miniflare's default date predates streams_enable_constructors: `new ReadableStream(source)` throws there, so no event stream.
      expect(seen).toEqual("compatibilityDate" in options ? [1, 2, 3] : []);
      await client.close();
    });

    it("refuses a body over maxBodyBytes with 413 and -32600", async () => {
      const body = JSON.stringify({ jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "add", arguments: { a: 1, b: 2, pad: "x".repeat(FIXTURE_MAX_BODY_BYTES) }, _meta: META } });
      const response = await mf.dispatchFetch("http://workerd.test/mcp", { method: "POST", headers: { ...HEADERS, "mcp-method": "tools/call", "mcp-name": "add" }, body });
      expect(response.status).toBe(413);
      expect(((await response.json()) as { error?: { code: number } }).error?.code).toBe(-32600);
    });

    it("a state sealed by workerd opens on Node with the same secret (and one sealed on Node opens in workerd); another secret refuses it", async () => {
      const onWorkerd = clientOf(viaWorker, "manual");
      const step = await onWorkerd.start("tools/call", { name: "ask_name", arguments: {} });
      expect(step.status).toBe("input_required");
      const pending: unknown = JSON.parse(JSON.stringify(step));
      if (!isPendingInput(pending)) throw new Error("not a pending request");
      const onNode = clientOf(nodeFixture(), "manual");
      const finished = await onNode.resume<{ content: unknown[] }>(pending, { name: { action: "accept", content: { name: "Grace" } } });
      expect(finished.status === "complete" && textOf(finished.result)).toBe("Hello, Grace (asked on workerd, answered on node)");

      const fromNode = await onNode.start("tools/call", { name: "ask_name", arguments: {} });
      const pendingNode: unknown = JSON.parse(JSON.stringify(fromNode));
      if (!isPendingInput(pendingNode)) throw new Error("not a pending request");
      const back = await onWorkerd.resume<{ content: unknown[] }>(pendingNode, { name: { action: "accept", content: { name: "Linus" } } });
      expect(back.status === "complete" && textOf(back.result)).toBe("Hello, Linus (asked on node, answered on workerd)");

      const stranger = clientOf(nodeFixture("another-secret-0123456789-abcdefghijklmnopq"), "manual");
      await expect(stranger.resume(pending, { name: { action: "accept", content: { name: "Eve" } } })).rejects.toThrow();
      await Promise.all([onWorkerd.close(), onNode.close(), stranger.close()]);
    });

    it("the split bundle loads its chunks (literal import() only) and serves the same", async () => {
      const splitMf = start(split);
      const client = clientOf((url, init) => splitMf.dispatchFetch(url, init), { name: "Ada" });
      expect(textOf(await client.callTool("add", { a: 1, b: 2 }))).toBe("3");
      expect(textOf(await client.callTool("ask_name"))).toBe("Hello, Ada (asked on workerd, answered on workerd)");
      await client.close();
    });
  });

  describe("our client bundled into a Worker", () => {
    let node: Server;
    let mf: MiniflareInstance;
    beforeAll(async () => {
      node = createNodeHttpServer(toNodeListener(createHttpHandler(fixtureServer(), { maxBodyBytes: FIXTURE_MAX_BODY_BYTES })));
      node.listen(0, "127.0.0.1");
      await once(node, "listening");
      mf = new Miniflare({ modules: true, scriptPath: clientWorker.main, compatibilityDate: "2026-07-01" });
    });
    afterAll(async () => {
      await mf?.dispose();
      node?.close();
    });

    it("calls a Node server: a multi round-trip, a JSON Schema tool, progress", async () => {
      const url = `http://127.0.0.1:${(node.address() as AddressInfo).port}/mcp`;
      const response = await mf.dispatchFetch(`http://client.test/?server=${encodeURIComponent(url)}`);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toEqual({
        asked: [{ type: "text", text: "Hello, Worker (asked on node, answered on node)" }],
        added: [{ type: "text", text: "42" }],
        counted: [{ type: "text", text: "counted" }],
        progress: [1, 2, 3],
      });
    });
  });
});
