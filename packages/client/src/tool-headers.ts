/**
 * What the client knows of each tool's custom headers (`x-mcp-header`), from
 * the tools/list results it has seen. Tool definitions whose annotations break
 * the rules are dropped from those results and reported (streamable-http.mdx,
 * "Schema Extension": a client MUST exclude them and SHOULD warn, naming the
 * tool and the reason); the rest give the `Mcp-Param-*` headers of each call.
 */
import { paramHeaders, paramHeaderValues, type ParamHeader } from "@mrtr/schema/http";

/** Something the client noticed and set aside, reported to `onWarning`. */
export type ClientWarning = {
  /** What kind of warning: a tool definition the client left out. */
  type: "invalid-tool";
  /** The tool left out of the tools/list result. */
  tool: string;
  /** Which `x-mcp-header` rule its definition breaks. */
  reason: string;
};

/** Receives the client's warnings. */
export type WarningListener = (warning: ClientWarning) => void;

/** Most tools whose headers are remembered (oldest forgotten first). */
const MAX_TOOLS = 10_000;

export class ToolHeaders {
  readonly #byTool = new Map<string, readonly ParamHeader[]>();

  constructor(private readonly warn: WarningListener) {}

  /** Takes in a tools/list result: remembers each tool's headers, and removes (and reports) invalid definitions. */
  takeList(result: Record<string, unknown>): void {
    if (!Array.isArray(result.tools)) return;
    result.tools = result.tools.filter((tool: unknown) => {
      const t = tool as { name?: unknown; inputSchema?: unknown };
      if (typeof t?.name !== "string") return true; // the result check already holds every tool to the schema
      const headers = paramHeaders(t.inputSchema);
      if (!headers.ok) {
        this.#byTool.delete(t.name);
        this.warn({ type: "invalid-tool", tool: t.name, reason: headers.reason });
        return false;
      }
      this.#byTool.delete(t.name);
      if (headers.headers.length > 0) {
        this.#byTool.set(t.name, headers.headers);
        if (this.#byTool.size > MAX_TOOLS) this.#byTool.delete(this.#byTool.keys().next().value!);
      }
      return true;
    });
  }

  /** The `Mcp-Param-*` headers of a call of `name` with `args`, when the tool annotates parameters. */
  headersFor(name: unknown, args: unknown): Record<string, string> | undefined {
    const headers = typeof name === "string" ? this.#byTool.get(name) : undefined;
    return headers ? paramHeaderValues(headers, args ?? {}) : undefined;
  }
}
