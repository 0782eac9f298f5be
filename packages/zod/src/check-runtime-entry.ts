/**
 * @mrtr/zod/check-runtime: what generated checks run on, without any check
 * of its own: the runtime helpers the emitted code calls, the format tests
 * and the first-issue reader. For packages that generate checks of another
 * schema with the same emitter (@mrtr/legacy's 2025-11-25 checks): importing
 * this rather than `@mrtr/zod/checks` keeps a bundle that loads them lazily
 * from reaching the draft's check files (bundlers split by file).
 *
 * @module
 */
export { at, closest, codePoints, codePointsWithin, FAILED, hasOwn, isObj, MAX_VALIDATION_DEPTH, missing, no, noAt, objectAt, predicate } from "./check-runtime.js";
export type { Check, CheckIssue, Verdict } from "./check-runtime.js";
export { describeIssue, firstIssueOf } from "./first-issue.js";
export type { FirstIssue } from "./first-issue.js";
export { formatTest, isByte, isDate, isDateTime, isEmail, isUri, isUriTemplate } from "./formats.js";
export type { FormatName } from "./formats.js";
