/** Whether `value` is a non-null, non-array object. (This package has no dependencies, so it keeps its own.) */
export const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
