/**
 * The validate-payloads example: parseMessage, a per-type zod schema and the
 * zod-free check agree on a valid and an invalid payload, naming the same
 * path; and `mrtr validate` (run through the CLI's `main`) reports the file
 * of messages line by line, with exit code 1.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { invalidCall, invalidResult, validCall, validResult } from "../src/messages.js";
import { checkMessage, checkResultWithoutZod, checkResultWithZod } from "../src/validate.js";
import { MESSAGES_FILE, validateFile } from "../src/validate-file.js";

describe("validating payloads", () => {
  it("parseMessage accepts a valid request and names the path, the rule and the error code (-32602) of an invalid one", () => {
    expect(checkMessage(JSON.stringify(validCall))).toEqual({ valid: true, what: "request tools/call" });
    expect(checkMessage(invalidCall)).toEqual({ valid: false, path: "/params/name", problem: "Expected string, received number", code: -32602 });
  });

  it("the zod schema and the zod-free check give the same verdict and path", () => {
    for (const check of [checkResultWithZod, checkResultWithoutZod]) {
      expect(check(validResult).valid).toBe(true);
      expect(check(invalidResult)).toEqual({ valid: false, path: "/content/0/text", problem: "Expected string, received number" });
    }
  });

  it("messages.jsonl holds the example's two requests, as a peer would send them", () => {
    const [first, second] = readFileSync(MESSAGES_FILE, "utf8").split("\n");
    expect(JSON.parse(first!)).toEqual(validCall);
    expect(JSON.parse(second!)).toEqual(invalidCall);
  });

  it("mrtr validate reports each invalid line with its pointer, the deprecated one as a warning, and exits 1", async () => {
    const report = await validateFile(MESSAGES_FILE);
    expect(report.exitCode).toBe(1);
    expect(report.findings.map((f) => ({ line: f.line, severity: f.severity, pointer: f.pointer, schemaType: f.schemaType }))).toEqual([
      { line: 2, severity: "error", pointer: "/params/name", schemaType: "CallToolRequest" },
      // A response is checked against the result type of the request with its id, earlier in the file.
      { line: 3, severity: "error", pointer: "/result/content/0/text", schemaType: "CallToolResultResponse" },
      { line: 4, severity: "warning", pointer: "", schemaType: "LoggingMessageNotification" },
    ]);
    expect(report.summary).toMatchObject({ files: 1, messages: 4, invalid: 2, errors: 2, warnings: 1 });
  });
});
