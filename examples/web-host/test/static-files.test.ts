/**
 * The dev server's static files: only plain file names directly in the
 * built folder are served, each with its type and the page's
 * Content-Security-Policy; nothing outside the folder is reachable.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy, staticFiles } from "../src/static-files.js";

let root: string;
let outside: string;
beforeAll(async () => {
  outside = await mkdtemp(join(tmpdir(), "mrtr-static-"));
  root = join(outside, "dist");
  await mkdir(root);
  await writeFile(join(root, "index.html"), "<!doctype html><title>page</title>");
  await writeFile(join(root, "app.js"), "console.log(1)");
  await writeFile(join(outside, "secret.js"), "secret");
});
afterAll(() => rm(outside, { recursive: true, force: true }));

const get = (path: string, method = "GET") => staticFiles(root, { connectTo: ["http://127.0.0.1:9"] })(new Request(`http://127.0.0.1:1${path}`, { method }));

describe("staticFiles", () => {
  it("serves index.html at / with the page's CSP, and scripts as JavaScript", async () => {
    const page = await get("/");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toBe(contentSecurityPolicy(["http://127.0.0.1:9"]));
    expect(await page.text()).toContain("<title>page</title>");
    const script = await get("/app.js");
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(script.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("lets the page fetch only from its own origin and the origins named", () => {
    const csp = contentSecurityPolicy(["http://127.0.0.1:9"]);
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:9");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
  });

  it("lets the page frame only the origins named (the sandbox proxy), and none when none are named", async () => {
    const framing = (csp: string) => csp.split("; ").filter((d) => d.startsWith("frame-src") || d.startsWith("child-src"));
    expect(framing(contentSecurityPolicy([], ["http://localhost:4001"]))).toEqual(["frame-src http://localhost:4001"]);
    // Without frame-src, default-src 'none' forbids every frame.
    expect(framing(contentSecurityPolicy([]))).toEqual([]);
    expect(contentSecurityPolicy([])).toContain("default-src 'none'");
    const page = await staticFiles(root, { frameFrom: ["http://localhost:4001"] })(new Request("http://127.0.0.1:1/"));
    expect(framing(page.headers.get("content-security-policy")!)).toEqual(["frame-src http://localhost:4001"]);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("answers 404 for anything outside the folder or not a plain file name", async () => {
    for (const path of ["/../secret.js", "/%2e%2e/secret.js", "/..%2fsecret.js", "/sub/app.js", "/.env", "/app.ts", "/missing.js"]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it("answers 405 to methods other than GET and HEAD", async () => {
    expect((await get("/", "POST")).status).toBe(405);
    const head = await get("/", "HEAD");
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });
});
