/** Small checks of a method's params, each giving what is wrong (undefined: nothing). */
import { isPlainObject } from "./json-size.js";

/** Params that must be an object. */
export const objectParams = (params: unknown): string | undefined => (isPlainObject(params) ? undefined : "params must be an object");

/** Params that may be absent, or else an object. */
export const optionalParams = (params: unknown): string | undefined => (params === undefined ? undefined : objectParams(params));

/** The first problem of `checks`, run in order on object params. */
export function checkObject(params: unknown, ...checks: ((p: Record<string, unknown>) => string | undefined)[]): string | undefined {
  if (!isPlainObject(params)) return "params must be an object";
  for (const check of checks) {
    const problem = check(params);
    if (problem) return problem;
  }
  return undefined;
}

/** `field` must be a string (a non-empty one when `nonEmpty`). */
export const stringField =
  (field: string, nonEmpty = false) =>
  (p: Record<string, unknown>): string | undefined =>
    typeof p[field] === "string" && (!nonEmpty || (p[field] as string).length > 0) ? undefined : `params.${field} must be a ${nonEmpty ? "non-empty " : ""}string`;

/** `field` may be absent, or else an object. */
export const optionalObjectField =
  (field: string) =>
  (p: Record<string, unknown>): string | undefined =>
    p[field] === undefined || isPlainObject(p[field]) ? undefined : `params.${field} must be an object`;

/** `field` may be absent, or else a string. */
export const optionalStringField =
  (field: string) =>
  (p: Record<string, unknown>): string | undefined =>
    p[field] === undefined || typeof p[field] === "string" ? undefined : `params.${field} must be a string`;
