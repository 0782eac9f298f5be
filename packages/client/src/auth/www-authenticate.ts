/**
 * Reads the `Bearer` challenge of a `WWW-Authenticate` header (RFC 9110
 * §11.6.1, RFC 6750 §3): its `resource_metadata` (RFC 9728 §5.1), `scope`,
 * `error` and `error_description` parameters. Other schemes in the same header
 * are skipped; anything malformed ends the parse with what was read so far.
 */

/** The parameters of a Bearer challenge. */
export interface BearerChallenge {
  /** The protected-resource metadata URL (RFC 9728). */
  resourceMetadata?: string;
  /** Space-separated scopes the resource asks for. */
  scope?: string;
  /** The OAuth error, e.g. "invalid_token" or "insufficient_scope". */
  error?: string;
  /** Words about the error (`error_description`), for logs. */
  errorDescription?: string;
  /** Every parameter, by lower-cased name. */
  params: Readonly<Record<string, string>>;
}

/** Longest header read (8 KiB); a longer one is cut there. */
export const MAX_CHALLENGE_LENGTH = 8192;

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+/;
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*/;
const PARAM_START = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+[ \t]*=(?!=)/;

interface Challenge {
  scheme: string;
  params: Record<string, string>;
}

function parseChallenges(header: string): Challenge[] {
  const text = header.slice(0, MAX_CHALLENGE_LENGTH);
  const out: Challenge[] = [];
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && (text[i] === " " || text[i] === "\t")) i++;
  };
  const skipCommas = () => {
    for (;;) {
      skipSpace();
      if (text[i] !== ",") return;
      i++;
    }
  };
  while (i < text.length) {
    skipCommas();
    const scheme = TOKEN.exec(text.slice(i))?.[0];
    if (!scheme) break;
    i += scheme.length;
    const challenge: Challenge = { scheme: scheme.toLowerCase(), params: Object.create(null) as Record<string, string> };
    out.push(challenge);
    skipSpace();
    // token68 form (e.g. "Basic abc=="): no parameters to read.
    if (!PARAM_START.test(text.slice(i))) {
      i += TOKEN68.exec(text.slice(i))?.[0].length ?? 0;
      continue;
    }
    for (;;) {
      skipCommas();
      const save = i;
      const name = TOKEN.exec(text.slice(i))?.[0];
      if (!name) break;
      i += name.length;
      skipSpace();
      if (text[i] !== "=") {
        i = save; // the next challenge's scheme
        break;
      }
      i++;
      skipSpace();
      let value = "";
      if (text[i] === '"') {
        i++;
        while (i < text.length && text[i] !== '"') {
          if (text[i] === "\\" && i + 1 < text.length) i++;
          value += text[i];
          i++;
        }
        if (text[i] !== '"') return out; // unterminated
        i++;
      } else {
        const v = TOKEN.exec(text.slice(i))?.[0] ?? "";
        value = v;
        i += v.length;
      }
      const key = name.toLowerCase();
      if (!(key in challenge.params)) challenge.params[key] = value;
      skipSpace();
      if (i < text.length && text[i] !== ",") return out;
    }
  }
  return out;
}

function toChallenge(p: Readonly<Record<string, string>>): BearerChallenge {
  return {
    ...(p.resource_metadata !== undefined && { resourceMetadata: p.resource_metadata }),
    ...(p.scope !== undefined && { scope: p.scope }),
    ...(p.error !== undefined && { error: p.error }),
    ...(p.error_description !== undefined && { errorDescription: p.error_description }),
    params: { ...p },
  };
}

/** The first Bearer challenge of a `WWW-Authenticate` header, if any. */
export function parseBearerChallenge(header: string | null | undefined): BearerChallenge | undefined {
  if (!header) return undefined;
  const bearer = parseChallenges(header).find((c) => c.scheme === "bearer");
  return bearer ? toChallenge(bearer.params) : undefined;
}

/** A Bearer or DPoP (RFC 9449 §7.1) challenge of a protected resource. */
export interface ResourceChallenge extends BearerChallenge {
  /** The challenge's scheme, lower-cased. */
  scheme: "bearer" | "dpop";
}

/**
 * The challenge of a protected resource: the first of the `prefer`red scheme,
 * else the first of the other (a server that takes only DPoP tokens may send
 * only a DPoP challenge, with its `resource_metadata`).
 */
export function parseResourceChallenge(header: string | null | undefined, prefer: "bearer" | "dpop" = "bearer"): ResourceChallenge | undefined {
  if (!header) return undefined;
  const all = parseChallenges(header);
  const found = all.find((c) => c.scheme === prefer) ?? all.find((c) => c.scheme === (prefer === "bearer" ? "dpop" : "bearer"));
  return found ? { scheme: found.scheme as "bearer" | "dpop", ...toChallenge(found.params) } : undefined;
}

/** The scopes of a space-separated list, without duplicates or empty entries. */
export function splitScopes(scope: string | undefined): string[] {
  return [...new Set((scope ?? "").split(/[ \t]+/).filter(Boolean))];
}
