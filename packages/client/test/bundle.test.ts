/**
 * What a browser app on @mrtr/client carries. The smallest app that calls
 * one tool over HTTP (fixtures/minimal-app.ts), bundled as a browser build
 * would be (esbuild --bundle --minify --platform=browser --format=esm
 * --splitting, from the packages' source), holds no zod, no zod validators
 * and no format library, and of the generated checks only those of messages
 * a client receives. What reaches servers of the initialize-based revisions
 * (on by default) is a chunk of its own, loaded only when such a server is
 * met: none of it is in what the page loads first. The positive controls show each of those would be seen: the
 * same app using a table of every check, or one zod validator, grows and
 * carries what the minimal one must not. `npm run bench` prints the same
 * app beside the official SDK's client.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundleApp, kB } from "../../../test/helpers/bundle.js";
import { repoRoot } from "../../../test/helpers/paths.js";

const minimal = readFileSync(join(repoRoot, "packages/client/test/fixtures/minimal-app.ts"), "utf8");

/** Schema pointers that only checks of messages a client sends, or never sees, hold. */
const NOT_RECEIVED = ["ListToolsRequest", "CallToolRequestParams", "ClientCapabilities", "ProgressNotification", "SubscriptionsAcknowledgedNotification", "JSONRPCMessage"];
const found = (text: string) => NOT_RECEIVED.filter((marker) => text.includes(`"${marker}`));

/** Inputs of code a browser client must not carry: zod, the zod validators and runtime, a format library. */
const heavy = (inputs: string[]) => inputs.filter((i) => /node_modules\/(zod|ajv|ajv-formats)\/|packages\/zod\/src\/(validators\.gen|zod-runtime|mini\/)/.test(i));

/**
 * The target: at most 0.3x the official SDK client's bundle of the same app
 * (324 kB minified with @modelcontextprotocol/client 2.4.0; `npm run bench`
 * measures both in one run and prints the ratio).
 */
// A guard below the target, raised only on purpose: 93 000 until the client's middleware (0.8 kB) came,
// 94 000 until listen streams passed extensions' notifications and extensions could open one (0.2 kB).
const BUDGET_BYTES = 94_300;

describe("the minimal tool-calling browser app on @mrtr/client", async () => {
  const app = await bundleApp(minimal, { source: true });

  it("holds no zod, no validators and no format library, and only the checks of messages a client receives", () => {
    console.log(`bundle: minimal tool-calling app ${kB(app.bytes)} minified, ${kB(app.gzipBytes)} gzip (${app.bytes} / ${app.gzipBytes} bytes)`);
    expect(heavy(app.inputs), "heavy inputs in the minimal app").toEqual([]);
    expect(app.inputs.some((i) => i.endsWith("packages/zod/src/checks-messages.gen.ts")), "the generated checks validate what the client receives").toBe(true);
    expect(found(app.text), "checks of messages a client never receives").toEqual([]);
    // The extension seam's core part only: what extensions work with (defineClientExtension) and any extension stay out.
    expect(app.inputs.filter((i) => /packages\/tasks\/|packages\/client\/src\/define-extension\.ts$/.test(i)), "extension code in an app without extensions").toEqual([]);
    expect(app.bytes, `minified bytes (budget ${BUDGET_BYTES})`).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it("keeps the legacy era out of what the page loads first: it is a chunk loaded when a legacy server is met", () => {
    console.log(`bundle: the legacy era's chunk ${kB(app.lazy.bytes)} minified, loaded only when needed`);
    const legacy = (inputs: string[]) => inputs.filter((i) => /packages\/(legacy\/|client\/src\/legacy\/)/.test(i));
    expect(legacy(app.inputs), "legacy code loaded first").toEqual([]);
    expect(legacy(app.lazy.inputs)).toEqual(expect.arrayContaining([expect.stringMatching(/client\/src\/legacy\/legacy-client\.ts$/), expect.stringMatching(/legacy\/src\/schema\/checks-messages\.gen\.ts$/)]));
    // Its checks are its own (scripts/lib/outputs.ts): the draft's check files stay in the first load, not shared with it.
    expect(app.lazy.inputs.filter((i) => /packages\/zod\/src\/checks-(messages|types)\.gen\.ts$/.test(i))).toEqual([]);
  });

  it("positive control: using the table of every check brings every check in; one zod validator brings zod in; the tasks plugin brings itself and the extension helpers in", async () => {
    const everyCheck = await bundleApp(`${minimal}\nimport { checks } from "@mrtr/zod/checks";\nconsole.log(checks);\n`, { source: true });
    expect(found(everyCheck.text)).toEqual(NOT_RECEIVED);
    expect(everyCheck.bytes).toBeGreaterThan(app.bytes + 10_000);
    const oneValidator = await bundleApp(`${minimal}\nimport { ToolSchema } from "@mrtr/zod";\nconsole.log(ToolSchema.safeParse({}));\n`, { source: true });
    expect(heavy(oneValidator.inputs)).toEqual(expect.arrayContaining([expect.stringMatching(/node_modules\/zod\//), expect.stringMatching(/validators\.gen\.ts$/)]));
    expect(oneValidator.bytes).toBeGreaterThan(app.bytes + 50_000);
    const withTasks = await bundleApp(`${minimal}\nimport { tasksClient } from "@mrtr/tasks/client";\nconsole.log(tasksClient());\n`, { source: true });
    expect(withTasks.inputs).toEqual(expect.arrayContaining([expect.stringMatching(/packages\/tasks\/src\/client\//), expect.stringMatching(/define-extension\.ts$/)]));
  });
});
