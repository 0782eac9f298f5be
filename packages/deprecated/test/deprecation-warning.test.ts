/**
 * Flagged: the first use of a deprecated feature (creating a sampling or
 * roots plugin, server or client side) emits one DeprecationWarning with a
 * stable code, once per feature per process; an option or an environment
 * variable silences it.
 */
import { spawnSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { repoRoot } from "../../../test/helpers/paths.js";
import { logging, roots, sampling } from "@mrtr/deprecated/client";
import { logging as serverLogging, rootsKind, samplingKind } from "@mrtr/deprecated/server";
import { textAnswer } from "./helpers.js";

const handler = () => textAnswer("x");
const WARNED = Symbol.for("mrtr.deprecated.warned");
const ENV = "MRTR_SILENCE_DEPRECATION";

let emitted: { message: string; type?: string; code?: string }[];

beforeEach(() => {
  delete (globalThis as Record<symbol, unknown>)[WARNED]; // a fresh "process" as far as the warnings go
  delete process.env[ENV];
  emitted = [];
  vi.spyOn(process, "emitWarning").mockImplementation(((message: string, options?: { type?: string; code?: string }) => {
    emitted.push({ message, ...options });
  }) as typeof process.emitWarning);
});

afterEach(() => {
  vi.restoreAllMocks();
  delete process.env[ENV];
});

const codes = () => emitted.map((w) => w.code);

describe("deprecation warnings", () => {
  it("the first sampling plugin emits one DeprecationWarning MRTR_DEP_SAMPLING naming the migration and the earliest removal", () => {
    samplingKind();
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({ type: "DeprecationWarning", code: "MRTR_DEP_SAMPLING" });
    expect(emitted[0]!.message).toMatch(/call a model provider directly/);
    expect(emitted[0]!.message).toMatch(/on or after 2027-07-28/);
    expect(emitted[0]!.message).toMatch(/silenceDeprecationWarning/);
  });

  it("the first roots plugin emits one DeprecationWarning MRTR_DEP_ROOTS naming the migration and the earliest removal", () => {
    roots([]);
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({ type: "DeprecationWarning", code: "MRTR_DEP_ROOTS" });
    expect(emitted[0]!.message).toMatch(/tool arguments, resource URIs or configuration/);
    expect(emitted[0]!.message).toMatch(/on or after 2027-07-28/);
  });

  it("warns once per feature per process, whichever side (server or client) uses it first", () => {
    samplingKind();
    sampling(handler);
    samplingKind({ maxToolRounds: 3 });
    rootsKind();
    roots([]);
    rootsKind();
    expect(codes()).toEqual(["MRTR_DEP_SAMPLING", "MRTR_DEP_ROOTS"]);
  });

  it("the client logging plugin emits MRTR_DEP_LOGGING once, shared with the server feature, unless silenced", () => {
    const onMessage = () => undefined;
    logging({ level: "info", onMessage, silenceDeprecationWarning: true });
    expect(emitted).toEqual([]);
    logging({ level: "info", onMessage });
    serverLogging();
    logging({ level: "error", onMessage });
    expect(codes()).toEqual(["MRTR_DEP_LOGGING"]);
    expect(emitted[0]).toMatchObject({ type: "DeprecationWarning" });
    expect(emitted[0]!.message).toMatch(/stderr on stdio, or to OpenTelemetry/);
    expect(emitted[0]!.message).toMatch(/on or after 2027-07-28/);
  });

  it("the option silenceDeprecationWarning: true silences it, on every factory", () => {
    samplingKind({ silenceDeprecationWarning: true });
    rootsKind({ silenceDeprecationWarning: true });
    sampling(handler, { silenceDeprecationWarning: true });
    roots([], { silenceDeprecationWarning: true });
    expect(emitted).toEqual([]);
    // A silenced use does not count as warned: a later unsilenced one still warns, once.
    sampling(handler);
    sampling(handler);
    expect(codes()).toEqual(["MRTR_DEP_SAMPLING"]);
  });

  for (const value of ["1", "true", "all", "ALL"]) {
    it(`${ENV}=${value} silences every feature`, () => {
      process.env[ENV] = value;
      samplingKind();
      rootsKind();
      sampling(handler);
      roots([]);
      expect(emitted).toEqual([]);
    });
  }

  it(`${ENV} may list codes or feature names, silencing only those`, () => {
    process.env[ENV] = "MRTR_DEP_ROOTS";
    rootsKind();
    samplingKind();
    expect(codes()).toEqual(["MRTR_DEP_SAMPLING"]);
    delete (globalThis as Record<symbol, unknown>)[WARNED];
    emitted.length = 0;
    process.env[ENV] = "sampling, roots";
    samplingKind();
    roots([]);
    expect(emitted).toEqual([]);
  });

  it("does nothing where there is no process (browsers, workers)", () => {
    const saved = globalThis.process;
    try {
      (globalThis as { process?: unknown }).process = undefined;
      expect(() => sampling(handler)).not.toThrow();
    } finally {
      globalThis.process = saved;
    }
    expect(emitted).toEqual([]);
  });

  it("builders, types and validators do not warn", async () => {
    const { createMessage, listRoots } = await import("@mrtr/deprecated");
    const { schemas } = await import("@mrtr/deprecated/zod");
    createMessage({ messages: [], maxTokens: 1 });
    listRoots();
    schemas.ListRootsResult.safeParse({ roots: [] });
    expect(emitted).toEqual([]);
  });
});

describe("deprecation warnings in a real Node process", () => {
  const script = [
    'import { samplingKind, rootsKind } from "@mrtr/deprecated/server";',
    'import { sampling, roots } from "@mrtr/deprecated/client";',
    "samplingKind(); samplingKind(); sampling(() => ({})); rootsKind(); roots([]);",
  ].join("\n");
  const run = (args: string[], env: Record<string, string> = {}) => {
    const { [ENV]: _drop, ...base } = process.env;
    const r = spawnSync(process.execPath, [...args, "--input-type=module", "-e", script], { cwd: repoRoot, env: { ...base, ...env }, encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    return r.stderr.split("\n").filter((l) => l.includes("DeprecationWarning"));
  };

  it("prints one DeprecationWarning per feature, with its code", () => {
    const lines = run([]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/\[MRTR_DEP_SAMPLING\] DeprecationWarning: MCP sampling/);
    expect(lines[1]).toMatch(/\[MRTR_DEP_ROOTS\] DeprecationWarning: MCP roots/);
  });

  it(`prints none with ${ENV}=1 or node --no-deprecation`, () => {
    expect(run([], { [ENV]: "1" })).toEqual([]);
    expect(run(["--no-deprecation"])).toEqual([]);
  });
});
