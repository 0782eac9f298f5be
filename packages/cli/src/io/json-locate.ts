/**
 * Where a JSON Pointer lands in a JSON text, as a line and column, so a
 * finding in a `.json` file can say `file:line:column`. Reads the text once
 * without building values; a pointer to a member that is absent (a missing
 * required property) lands on the nearest enclosing value that exists.
 */
import { parsePointer } from "@mrtr/internal";

/** A 1-based position in a text. */
export interface Position {
  line: number;
  column: number;
}

/** The line and column of character `offset` of `text`. */
export function positionAt(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** The position of the value `pointer` names in `text` (a valid JSON text), or of its nearest existing ancestor. */
export function locatePointer(text: string, pointer: string): Position {
  const tokens = parsePointer(pointer) ?? [];
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\r\n".includes(text[i]!)) i++;
  };
  const skipString = () => {
    i++; // opening quote
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
  };
  const readString = (): string => {
    const start = i;
    skipString();
    return JSON.parse(text.slice(start, i)) as string;
  };
  /** Skips one value starting at i; containers are skipped by bracket depth, strings respected. */
  const skipValue = () => {
    ws();
    const c = text[i];
    if (c === '"') return skipString();
    if (c !== "{" && c !== "[") {
      while (i < text.length && !",}] \t\r\n".includes(text[i]!)) i++;
      return;
    }
    let depth = 0;
    while (i < text.length) {
      const ch = text[i]!;
      if (ch === '"') {
        skipString();
        continue;
      }
      if (ch === "{" || ch === "[") depth++;
      else if (ch === "}" || ch === "]") {
        depth--;
        if (depth === 0) {
          i++;
          return;
        }
      }
      i++;
    }
  };

  ws();
  let found = i;
  for (const token of tokens) {
    ws();
    const open = text[i];
    let located = false;
    if (open === "{") {
      i++;
      ws();
      while (i < text.length && text[i] !== "}") {
        ws();
        const key = readString();
        ws();
        i++; // colon
        ws();
        if (key === token) {
          located = true;
          break;
        }
        skipValue();
        ws();
        if (text[i] === ",") i++;
        ws();
      }
    } else if (open === "[" && /^(0|[1-9]\d*)$/.test(token)) {
      const index = Number(token);
      i++;
      ws();
      for (let n = 0; i < text.length && text[i] !== "]"; n++) {
        ws();
        if (n === index) {
          located = true;
          break;
        }
        skipValue();
        ws();
        if (text[i] === ",") i++;
      }
    }
    if (!located) break;
    ws();
    found = i;
  }
  return positionAt(text, found);
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const LITERAL = /true|false|null/y;

/**
 * The offset of the first syntax error in `text`, or undefined when it is
 * valid JSON. Iterative (an explicit stack), so hostile nesting cannot
 * overflow the call stack. JSON.parse says what is wrong but not always where.
 */
export function syntaxErrorOffset(text: string): number | undefined {
  let i = 0;
  const stack: ("{" | "[")[] = [];
  const ws = () => {
    while (i < text.length && " \t\r\n".includes(text[i]!)) i++;
  };
  const match = (re: RegExp) => {
    re.lastIndex = i;
    if (!re.test(text)) return false;
    i = re.lastIndex;
    return true;
  };
  // State: expecting a value, or what follows a value in the current container.
  let expectValue = true;
  ws();
  for (;;) {
    if (expectValue) {
      const c = text[i];
      if (c === "{" || c === "[") {
        stack.push(c);
        i++;
        ws();
        if (text[i] === (c === "{" ? "}" : "]")) {
          stack.pop();
          i++;
          expectValue = false;
        } else if (c === "{") {
          if (!match(STRING)) return i;
          ws();
          if (text[i] !== ":") return i;
          i++;
          ws();
        }
        continue;
      }
      if (!(c === '"' ? match(STRING) : c === "t" || c === "f" || c === "n" ? match(LITERAL) : match(NUMBER))) return i;
      expectValue = false;
      ws();
      continue;
    }
    ws();
    const top = stack[stack.length - 1];
    if (top === undefined) return i < text.length ? i : undefined;
    const c = text[i];
    if (c === ",") {
      i++;
      ws();
      if (top === "{") {
        if (!match(STRING)) return i;
        ws();
        if (text[i] !== ":") return i;
        i++;
      }
      ws();
      expectValue = true;
    } else if (c === (top === "{" ? "}" : "]")) {
      stack.pop();
      i++;
    } else return i;
  }
}

/** Where a JSON text that JSON.parse refused goes wrong. */
export function parseErrorPosition(text: string): Position | undefined {
  const offset = syntaxErrorOffset(text);
  return offset === undefined ? undefined : positionAt(text, offset);
}
