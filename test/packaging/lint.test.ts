/**
 * The tarballs through the two linters made for the job: publint (the
 * package.json and files, strict: warnings count) and Are the Types Wrong
 * (the types each entry point resolves to, ESM-only profile: CommonJS
 * resolution is not offered, so it is not judged).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { describe, expect, it } from "vitest";
import { run } from "./command.js";
import { packaging } from "./context.js";

const { root, packages } = packaging();

describe.each(packages)("$name", (pkg) => {
  it("passes publint --strict", async () => {
    const bytes = readFileSync(pkg.tarball);
    const tarball = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const { messages, pkg: manifest } = await publint({ pack: { tarball }, strict: true, level: "suggestion" });
    const findings = messages.map((m) => `${m.type}: ${formatMessage(m, manifest, { color: false }) ?? m.code}`);
    expect(findings.filter((f) => !f.startsWith("suggestion")), findings.join("\n")).toEqual([]);
  });

  it("passes @arethetypeswrong/cli with the esm-only profile", async () => {
    const attw = join(root, "node_modules/.bin/attw");
    const { code, output } = await run(attw, [pkg.tarball, "--profile", "esm-only", "--no-definitely-typed", "--no-color"], { cwd: root });
    expect(code, output).toBe(0);
  });
});
