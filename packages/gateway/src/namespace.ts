/**
 * The names the gateway gives upstream tools and prompts: `<upstream>_<name>`,
 * kept within the tool-name rules (1–128 characters of A–Z, a–z, 0–9, `_`,
 * `-`, `.`: spec/server/tools.mdx, "Tool Names") and unique. A character
 * outside them becomes `_`; a name too long is cut and ends with a digest of
 * the original; a name already taken gets the digest too. The digest is of
 * the upstream and original name only, so every instance listing the same
 * upstreams in the same order gives the same names.
 */

/** Longest name the rules allow. */
export const MAX_NAME_LENGTH = 128;

/** Whether `name` keeps the tool-name rules. */
export function isValidName(name: string): boolean {
  return /^[A-Za-z0-9_.-]{1,128}$/.test(name);
}

/** FNV-1a 32-bit of `text`, as 8 hex digits: short, stable, not a secret. */
function digest(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/**
 * The exposed name of `name` from `upstream` (`namespace` false: the name
 * itself, made valid), not in `taken`. The caller adds the result to `taken`.
 */
export function exposedName(upstream: string, name: string, taken: { has(name: string): boolean }, namespace = true): string {
  const wanted = (namespace ? `${upstream}_${name}` : name).replace(/[^A-Za-z0-9_.-]/g, "_") || "_";
  if (wanted.length <= MAX_NAME_LENGTH && !taken.has(wanted)) return wanted;
  const tail = `-${digest(`${upstream}\u0000${name}`)}`;
  for (let n = 0; ; n++) {
    const suffix = n === 0 ? tail : `${tail}-${n}`;
    const candidate = wanted.slice(0, MAX_NAME_LENGTH - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}
