/**
 * `mrtr gateway` run for real (a child process, on the sources): a stdio
 * upstream (the example's echo fixture) and an HTTP upstream (our server),
 * reached through the gateway over HTTP and over stdio; SIGTERM exits 0.
 */
import { spawn, type ChildProcess } from "node:child_process";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createClient, httpTransport } from "@mrtr/client";
import { stdioTransport } from "@mrtr/client/stdio";
import { createHttpHandler, createServer } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { tempDir } from "../helpers.js";

const ROOT = resolve(import.meta.dirname, "../../../..");
const BIN = resolve(ROOT, "packages/cli/src/bin.ts");
const ECHO = resolve(ROOT, "packages/gateway/examples/fixtures/echo-server.mjs");
const NODE_ARGS = ["--conditions=@mrtr/source", "--import", "tsx", BIN, "gateway"];

const children: ChildProcess[] = [];
let upstream: Server | undefined;
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await new Promise<void>((r) => (upstream ? upstream.close(() => r()) : r()));
});

/** Our own server as an HTTP upstream, with one tool. */
async function httpUpstream(): Promise<string> {
  const server = createServer({ name: "hello", version: "1.0.0" });
  server.tool({ name: "hello", handler: () => ({ content: [{ type: "text", text: "hello from http" }] }) });
  upstream = createNodeServer(createHttpHandler(server, { path: "/mcp" }));
  await new Promise<void>((r) => upstream!.listen(0, "127.0.0.1", () => r()));
  return `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/mcp`;
}

/** A configuration with both upstreams. */
async function configFile(): Promise<string> {
  const { write } = tempDir("mrtr-gateway-e2e-");
  return write("gateway.json", JSON.stringify({ upstreams: { echo: { command: process.execPath, args: [ECHO], start: "boot" }, web: { url: await httpUpstream() } } }));
}

const textOf = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

describe("mrtr gateway, run", () => {
  it("serves both upstreams over HTTP, says where on stderr, and exits 0 on SIGTERM", async () => {
    const config = await configFile();
    const child = spawn(process.execPath, [...NODE_ARGS, "--config", config, "--port", "0"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    let stderr = "";
    let stdout = "";
    child.stdout!.on("data", (d: Buffer) => (stdout += d));
    const url = await new Promise<string>((resolveUrl, reject) => {
      child.stderr!.on("data", (d: Buffer) => {
        stderr += d;
        const m = /mrtr gateway: listening on (http:\/\/127\.0\.0\.1:\d+\/mcp) \(2 upstreams\)/.exec(stderr);
        if (m) resolveUrl(m[1]!);
      });
      child.once("exit", (code) => reject(new Error(`exited ${code}: ${stderr}`)));
    });
    const client = createClient({ transport: httpTransport(url), name: "e2e", version: "1" });
    const names = (await client.listAllTools()).map((t) => t.name).sort();
    expect(names).toEqual(["echo_echo", "web_hello"]);
    expect(textOf(await client.callTool("echo_echo", { text: "hi" }))).toBe("hi");
    expect(textOf(await client.callTool("web_hello", {}))).toBe("hello from http");
    await client.close();
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(stdout).toBe("");
  });

  it("serves over stdio, with nothing on stdout but the protocol", async () => {
    const config = await configFile();
    const client = createClient({
      transport: stdioTransport({ command: process.execPath, args: [...NODE_ARGS, "--config", config, "--stdio"], cwd: ROOT, stderr: "ignore" }),
      name: "e2e",
      version: "1",
    });
    expect((await client.listAllTools()).map((t) => t.name).sort()).toEqual(["echo_echo", "web_hello"]);
    expect(textOf(await client.callTool("echo_echo", { text: "over stdio" }))).toBe("over stdio");
    await client.close();
  });
});
