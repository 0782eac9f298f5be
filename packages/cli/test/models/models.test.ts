/**
 * `mrtr models`: generation for every language, and round trips of every
 * example of schema/examples/ through the generated Python and TypeScript
 * models, and Go and Java where their toolchains are installed (.ci/run
 * installs Debian's golang-go, default-jdk and libjackson2-databind-java).
 * Every difference must be stated, with its reason, in
 * test/models/known-differences.json.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { validExamples } from "../../../../test/helpers/examples.js";
import { generateModels } from "../../src/models/generate.js";
import { LANGUAGES } from "../../src/models/languages.js";
import { prepareSchema } from "../../src/models/prepare-schema.js";
import { schemaJson } from "../../src/validate/schema-json.js";
import { covers, differences, readKnown, type Difference } from "./differences.js";
import { goRoundTrip, has, jacksonClasspath, javaRoundTrip, pythonRoundTrip, typescriptDiagnostics, typescriptRoundTrip, writeFiles, type Case } from "./harness.js";
import { run } from "../helpers.js";

const root = mkdtempSync(join(tmpdir(), "mrtr-models-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dirFor = (name: string) => mkdtempSync(join(root, `${name}-`));

const known = readKnown(fileURLToPath(new URL("./known-differences.json", import.meta.url)));
const cases: Case[] = validExamples().map((e) => ({ type: e.type, file: `${e.type}/${e.name}.json`, value: e.data }));

/** Every difference is listed; every listed difference still happens in each of its languages. */
function expectOnlyKnown(lang: string, found: Difference[]) {
  const unlisted = found.filter((d) => !known.some((k) => covers(k, d)));
  expect(unlisted, `${lang}: differences not in known-differences.json`).toEqual([]);
  const stale = known.filter((k) => k.languages.includes(lang) && !found.some((d) => covers(k, d)));
  expect(stale.map((k) => `${k.examples.join(", ")} ${k.pointer} ${k.change}`), `${lang}: entries of known-differences.json no difference needs`).toEqual([]);
}

const hasPython = has("python3");
const hasGo = has("go", ["version"]);
const classpath = jacksonClasspath();
const hasJava = has("javac", ["-version"]) && classpath !== undefined;
/** Why a language's round trip skips, said in its test's name (vitest counts it as skipped). */
const unless = (present: boolean, missing: string) => (present ? "" : ` [skipped: ${missing}]`);

describe("mrtr models: round trips of every example", () => {
  it.skipIf(!hasPython)(`Python: every example parses and serialises back, known differences aside${unless(hasPython, "python3 not installed")}`, async () => {
    const dir = dirFor("python");
    writeFiles(dir, (await generateModels({ lang: "python" })).files);
    expectOnlyKnown("python", differences("python", cases, pythonRoundTrip(dir, cases)));
  });

  it("TypeScript: the models compile under strict options, and every example parses and serialises back, known differences aside", async () => {
    const dir = dirFor("typescript");
    writeFiles(dir, (await generateModels({ lang: "typescript" })).files);
    expect(typescriptDiagnostics(join(dir, "mcp-models.ts"))).toEqual([]);
    expectOnlyKnown("typescript", differences("typescript", cases, await typescriptRoundTrip(dir, cases)));
  });

  it.skipIf(!hasGo)(`Go: every example parses and serialises back, known differences aside${unless(hasGo, "go not installed (Debian golang-go; .ci/run installs it)")}`, async () => {
    const dir = dirFor("go");
    const { files } = await generateModels({ lang: "go", package: "main" });
    writeFiles(dir, files);
    expectOnlyKnown("go", differences("go", cases, goRoundTrip(dir, files[0]!.content, cases)));
  });

  it.skipIf(!hasJava)(`Java: every example parses and serialises back with Jackson, known differences aside${unless(hasJava, "javac or the Jackson jars are not installed (Debian default-jdk, libjackson2-databind-java; .ci/run installs them)")}`, async () => {
    const dir = dirFor("java");
    const { files } = await generateModels({ lang: "java" });
    writeFiles(dir, files);
    expectOnlyKnown("java", differences("java", cases, javaRoundTrip(dir, "mcp.models", files, cases, classpath!)));
  });
});

describe("mrtr models: what it generates", () => {
  it("writes every language with the header that states the limits, through the command", async () => {
    for (const lang of LANGUAGES) {
      const out = dirFor(`cmd-${lang}`);
      const r = await run(["models", "--lang", lang, "-o", out]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^${lang}: wrote .* \\(\\d+ lines\\) in \\d+ ms`));
    }
    const py = readFileSync(join(root, readdirOne("cmd-python"), "mcp_models.py"), "utf8");
    expect(py.split("\n")[0]).toMatch(/^# Code generated by mrtr models .* with quicktype-core 26\.0\.0; DO NOT EDIT\.$/);
    expect(py).toContain("discriminated unions (ContentBlock, InputRequest, InputResponse, JSONRPCMessage");
    expect(py).toMatch(/class CreateMessageRequest\b[\s\S]*?Deprecated since 2026-07-28; earliest removal/);
  });

  it("keeps present-but-empty capability objects and absent fields apart in Go (pointers) and Java (NON_NULL)", async () => {
    const go = (await generateModels({ lang: "go" })).files[0]!.content;
    expect(go).toMatch(/Roots\s+\*map\[string\]interface\{\}\s+`json:"roots,omitempty"`/);
    const java = (await generateModels({ lang: "java", package: "org.example.mcp" })).files;
    expect(java.every((f) => f.path.startsWith("org/example/mcp/"))).toBe(true);
    expect(java.find((f) => f.path.endsWith("Converter.java"))!.content).toContain("JsonInclude.Include.NON_NULL");
  });

  it("--core leaves out sampling, roots and logging, so InputResponse is ElicitResult alone", async () => {
    const { files, removed } = await generateModels({ lang: "python", core: true });
    expect(removed).toEqual(expect.arrayContaining(["CreateMessageRequest", "ListRootsResult", "LoggingMessageNotification"]));
    const text = files[0]!.content;
    expect(text).not.toMatch(/class (CreateMessageRequest|SamplingMessage|Root)\b/);
    expect(text).not.toMatch(/^\s+sampling: /m);
  });

  it.skipIf(!hasPython)(`--core: form answers survive the Python round trip${unless(hasPython, "python3 not installed")}`, async () => {
    const dir = dirFor("python-core");
    writeFiles(dir, (await generateModels({ lang: "python", core: true })).files);
    // Form answers that the full protocol's merged InputResponse class drops (see known-differences.json) survive.
    const picked = cases
      .filter((c) => c.file === "InputResponse/elicit-result-accept.json" || c.file === "CallToolRequest/retry-without-request-state.json")
      .map((c) => (c.type === "InputResponse" ? { ...c, type: "ElicitResult" } : c));
    expect(picked).toHaveLength(2);
    expect(pythonRoundTrip(dir, picked)).toEqual(picked.map((c) => ({ value: c.value })));
  });

  it("shapes the schema for quicktype: recursive JSON values, aliases and primitives inlined; tool schemas free-form; the input untouched", () => {
    const before = JSON.stringify(schemaJson());
    const { schema, inlined } = prepareSchema(schemaJson());
    expect(JSON.stringify(schemaJson())).toBe(before);
    expect(inlined).toEqual(expect.arrayContaining(["JSONValue", "JSONObject", "JSONArray", "ClientResult", "RequestId", "ProgressToken", "Cursor"]));
    const text = JSON.stringify(schema);
    for (const name of inlined) expect(text).not.toContain(`"#/$defs/${name}"`);
    expect(schema.$defs.Tool!.properties!.inputSchema).toMatchObject({ type: "object", additionalProperties: {} });
  });

  it("refuses a missing --lang or -o, an unknown language, and --package where there are none, with exit 2", async () => {
    expect((await run(["models", "-o", root])).stderr).toMatch(/--lang is required/);
    expect((await run(["models", "--lang", "python"])).stderr).toMatch(/-o DIR is required/);
    expect((await run(["models", "--lang", "cobol", "-o", root])).code).toBe(2);
    expect((await run(["models", "--lang", "python", "--package", "x", "-o", root])).code).toBe(2);
    expect((await run(["models", "--lang", "go", "--package", "1bad", "-o", root])).code).toBe(2);
  });
});

function readdirOne(prefix: string): string {
  return readdirSync(root).find((n) => n.startsWith(`${prefix}-`))!;
}
