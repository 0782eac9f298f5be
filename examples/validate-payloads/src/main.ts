import assert from "node:assert/strict";
import { relative } from "node:path";
import { invalidCall, invalidResult, validCall, validResult } from "./messages.js";
import { checkMessage, checkResultWithoutZod, checkResultWithZod, type Verdict } from "./validate.js";
import { MESSAGES_FILE, validateFile } from "./validate-file.js";

// npm start -w @mrtr/example-validate-payloads: each way to validate, on a valid and an invalid payload.
const say = (how: string, v: Verdict) => console.log(`${how}: ${v.valid ? `valid (${v.what})` : `invalid at ${v.path}: ${v.problem}${v.code ? ` (answer ${v.code})` : ""}`}`);

const verdicts: [string, Verdict][] = [
  ["parseMessage, valid tools/call     ", checkMessage(JSON.stringify(validCall))],
  ["parseMessage, invalid tools/call   ", checkMessage(invalidCall)],
  ["CallToolResultSchema, valid result ", checkResultWithZod(validResult)],
  ["CallToolResultSchema, invalid      ", checkResultWithZod(invalidResult)],
  ["checkCallToolResult, valid result  ", checkResultWithoutZod(validResult)],
  ["checkCallToolResult, invalid       ", checkResultWithoutZod(invalidResult)],
];
for (const [how, verdict] of verdicts) say(how, verdict);
assert.deepEqual(
  verdicts.map(([, v]) => (v.valid ? "valid" : v.path)),
  ["valid", "/params/name", "valid", "/content/0/text", "valid", "/content/0/text"],
);
assert.deepEqual(verdicts[1]![1], { valid: false, path: "/params/name", problem: "Expected string, received number", code: -32602 });

const report = await validateFile(MESSAGES_FILE);
for (const f of report.findings) console.log(`mrtr validate ${relative(process.cwd(), f.file)}:${f.line}: ${f.severity} ${f.pointer || "/"} ${f.message.split(";")[0]}`);
console.log(`mrtr validate: exit ${report.exitCode}, ${report.summary.messages} messages, ${report.summary.invalid} invalid, ${report.summary.warnings} warning`);
assert.equal(report.exitCode, 1);
assert.deepEqual(
  report.findings.map((f) => [f.line, f.severity, f.pointer]),
  [
    [2, "error", "/params/name"],
    [3, "error", "/result/content/0/text"],
    [4, "warning", ""],
  ],
);
console.log("All checks passed.");
