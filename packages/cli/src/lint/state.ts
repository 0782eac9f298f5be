/**
 * What lint-trace remembers while it reads a trace: the client's requests
 * still awaiting a response, the input_required rounds not yet retried, and
 * the x-mcp-header parameters of the tools the server listed. Every table is
 * bounded (oldest forgotten first).
 */
import { isRecord } from "@mrtr/internal";
import type { ParamHeader } from "@mrtr/schema/http";
import { BoundedMap } from "../validate/limits.js";

/** What is kept of a client request seen in the trace (not its params: a trace may hold many large ones). */
export interface RequestSeen {
  /** JSON text of the id (so 1 and "1" differ). */
  idKey: string;
  method: string;
  /** The tool or prompt name, or resource URI ("" for other methods). */
  target: string;
  /** The client capabilities the request declared. */
  caps: Record<string, unknown>;
  /** 1-based line of its record. */
  line: number;
}

/** An input_required answer, waiting for its retry. */
export interface OpenRound {
  /** The request it answered. */
  request: RequestSeen;
  /** Keys of its inputRequests (empty when it had none). */
  keys: string[];
  /** Its requestState, when it gave one. */
  state?: string;
  /** 1-based line of the response. */
  line: number;
}

export class TraceState {
  readonly inFlight: BoundedMap<string, RequestSeen>;
  /** Open rounds by flow (method and name or URI), oldest first. */
  readonly rounds: BoundedMap<string, OpenRound[]>;
  readonly toolHeaders: BoundedMap<string, readonly ParamHeader[]>;

  constructor(maxTracked: number) {
    this.inFlight = new BoundedMap(maxTracked);
    this.rounds = new BoundedMap(maxTracked);
    this.toolHeaders = new BoundedMap(maxTracked);
  }
}

export const objectOr = (v: unknown): Record<string, unknown> => (isRecord(v) ? v : {});

/** What is kept of a request (see {@link RequestSeen}). */
export function requestSeen(idKey: string, method: string, params: Record<string, unknown>, line: number): RequestSeen {
  const t = method === "resources/read" ? params.uri : params.name;
  const caps = objectOr(objectOr(params._meta)["io.modelcontextprotocol/clientCapabilities"]);
  return { idKey, method, target: typeof t === "string" ? t : "", caps, line };
}

/** The flow a request belongs to: retries of one request share it. */
export function flowKey(request: RequestSeen): string {
  return `${request.method}\u0000${request.target}`;
}
