/** JSON Pointers (RFC 6901): a path of keys and indexes as `/a/0/b`, with `~` written `~0` and `/` written `~1`. */

/** One reference token, escaped. */
export function escapeToken(token: string | number): string {
  return String(token).replace(/~/g, "~0").replace(/\//g, "~1");
}

/** The pointer of `path` ("" for the whole document). */
export function jsonPointer(path: readonly (string | number | symbol)[]): string {
  let out = "";
  for (const segment of path) out += `/${escapeToken(typeof segment === "symbol" ? String(segment) : segment)}`;
  return out;
}

/** The reference tokens of `pointer`, unescaped; undefined when it is not a pointer (it must be "" or start with "/"). */
export function parsePointer(pointer: string): string[] | undefined {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) return undefined;
  return pointer
    .slice(1)
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}
