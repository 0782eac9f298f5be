import { spawn, type ChildProcess } from "node:child_process";
import { createServer as createHttpServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, httpTransport } from "@mrtr/client";
import { repoRoot } from "../helpers/paths.js";
import { sourceArgs } from "../helpers/processes.js";

const SECRET = "shared-between-instances-only-0123456789abcdef";
const children: ChildProcess[] = [];
const ports: number[] = [];
let proxy: Server;
let url: string;
/** Which instance served each request, by JSON-RPC id and tool call. */
const served: { instance: number; body: any }[] = [];

function startInstance(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, sourceArgs(join(repoRoot, "test/instances/instance.ts")), {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), MRTR_STATE_SECRET: SECRET },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("listening") && resolve(child));
    child.on("exit", (code) => reject(new Error(`instance exited with ${code}`)));
  });
}

async function freePort(): Promise<number> {
  const s = createHttpServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

beforeAll(async () => {
  for (let i = 0; i < 3; i++) ports.push(await freePort());
  children.push(...(await Promise.all(ports.map(startInstance))));
  let next = 0;
  // A round-robin proxy on loopback: consecutive requests go to different processes.
  proxy = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const instance = next++ % ports.length;
      const body = Buffer.concat(chunks);
      served.push({ instance, body: JSON.parse(body.toString()) });
      const upstream = httpRequest({ host: "127.0.0.1", port: ports[instance], path: req.url, method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on("error", () => {
        res.writeHead(502);
        res.end();
      });
      upstream.end(body);
    });
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`;
}, 60_000);

afterAll(async () => {
  for (const c of children) c.kill();
  await new Promise<void>((r) => proxy.close(() => r()));
});

describe("many instances, no shared state", () => {
  it("completes 200 concurrent multi-round flows across three processes sharing only the secret", async () => {
    const client = createClient({
      transport: httpTransport(url),
      name: "load",
      version: "1",
      backoff: { initialMs: 1, maxMs: 10 },
      elicitation: {
        form: async (params) => {
          if (params.requestedSchema.properties.ok) return { action: "accept" as const, content: { ok: true } };
          const seed = Number(/(\d+)$/.exec(params.message)?.[1] ?? 0);
          return { action: "accept" as const, content: { v: seed + 1 } as Record<string, number> };
        },
      },
    });
    const flows = Array.from({ length: 200 }, (_, n) => {
      const tool = ["confirm", "shed", "three_rounds"][n % 3]!;
      return client.callTool(tool, { n }).then((r) => ({ n, tool, text: (r.content[0] as { text: string }).text }));
    });
    const results = await Promise.all(flows);
    for (const r of results) {
      if (r.tool === "confirm") expect(r.text).toBe(`confirmed ${r.n} true`);
      if (r.tool === "shed") expect(r.text).toBe(`shed ${r.n} after 2`);
      if (r.tool === "three_rounds") expect(r.text).toBe(`${r.n}:${r.n + 1}:${r.n + 2}:true`);
    }
    // Retries that landed on another process than the one that sealed their state.
    const retries = served.filter((s) => s.body.params?.requestState !== undefined);
    const crossed = retries.filter((s) => {
      const previous = served.filter((p) => p.body.params?.arguments?.n === s.body.params.arguments.n && p.body.id < s.body.id).pop();
      return previous && previous.instance !== s.instance;
    });
    console.log(`many instances: ${results.length} flows, ${served.length} requests, ${retries.length} retries, ${crossed.length} served by another process`);
    expect(results.length).toBe(200);
    expect(crossed.length).toBeGreaterThan(retries.length / 3);
  }, 120_000);
});
