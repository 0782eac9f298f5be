/** `mrtr gateway`: usage errors exit 2 with a message, and a configuration error prints its issues and exits 2. */
import { describe, expect, it } from "vitest";
import { run, tempDir } from "../helpers.js";

describe("mrtr gateway: the command line", () => {
  it.each([
    [[], /--config FILE is required/],
    [["--config"], /--config/],
    [["--config", "g.json", "extra.json"], /takes no FILE arguments/],
    [["--config", "g.json", "--port", "http"], /--port takes a port number from 0 to 65535/],
    [["--config", "g.json", "--port", "70000"], /--port takes a port number/],
    [["--config", "g.json", "--stdio", "--port", "3000"], /--stdio .* takes no --port or --host/],
    [["--config", "g.json", "--stdio", "--host", "0.0.0.0"], /takes no --port or --host/],
    [["--config", "g.json", "--host", ""], /--host takes a host name/],
    [["--config", "g.json", "--verbose"], /Unknown option '--verbose'/],
  ])("mrtr gateway %j exits 2", async (argv, message) => {
    const r = await run(["gateway", ...argv]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe("");
  });

  it("prints its help", async () => {
    const r = await run(["gateway", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Usage: mrtr gateway --config FILE [--port N | --stdio] [--host H]");
  });

  it("is listed in mrtr --help", async () => {
    expect((await run(["--help"])).stdout).toContain("gateway --config F");
  });

  it("prints every problem of the configuration with its pointer and exits 2", async () => {
    const { write } = tempDir("mrtr-gateway-cli-");
    const path = write("bad.json", JSON.stringify({ upstreams: { github: { url: 5 }, "bad name": { command: "node" } } }));
    const r = await run(["gateway", "--config", path, "--port", "0"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`mrtr gateway: The gateway configuration ${path} has 2 problems:`);
    expect(r.stderr).toContain("  /upstreams/bad name: is not an allowed name");
    expect(r.stderr).toContain("  /upstreams/github/url: must be a string");
  });

  it("says when the file is missing or not JSON", async () => {
    const { dir, write } = tempDir("mrtr-gateway-cli-");
    expect((await run(["gateway", "--config", `${dir}/absent.json`])).stderr).toContain("cannot be read: there is no such file");
    const broken = await run(["gateway", "--config", write("broken.json", "{\n  upstreams: {}\n}")]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/is not valid JSON: .* at line 2, column 3/);
  });
});
