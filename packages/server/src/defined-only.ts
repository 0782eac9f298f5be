/** Options with the keys whose value is `undefined` left out, so spreading them over defaults keeps the defaults. */
export function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
