/**
 * The trace format (docs/trace-format.md): JSON Lines, one record per
 * JSON-RPC message, each with its direction, and optionally the HTTP headers
 * and status it travelled with and when it was recorded. This reads one
 * record and says what is wrong with it.
 */

import { escapeToken, isRecord } from "@mrtr/internal";
import type { TraceDirection, TraceRecord } from "@mrtr/schema/http";

export type { TraceRecord };

export const DIRECTIONS: readonly TraceDirection[] = ["client-to-server", "server-to-client"];


/** Whether a JSON value looks like a trace record rather than a bare JSON-RPC message. */
export function looksLikeTraceRecord(value: unknown): boolean {
  return isRecord(value) && typeof value.direction === "string" && !("jsonrpc" in value);
}

/** A record read from JSON, or what is wrong with it (JSON Pointer and words). */
export type RecordRead =
  | {
      /** It is a trace record. */
      ok: true;
      /** The record. */
      record: TraceRecord;
    }
  | {
      /** It is not. */
      ok: false;
      /** What is wrong. */
      problems: {
        /** Where, as a JSON Pointer into the record. */
        pointer: string;
        /** What, in words. */
        message: string;
      }[];
    };

/** Reads one trace record. Unknown fields are ignored (later versions of the format may add some). */
export function readTraceRecord(value: unknown): RecordRead {
  if (!isRecord(value)) return { ok: false, problems: [{ pointer: "", message: "A trace record is a JSON object" }] };
  const problems: { pointer: string; message: string }[] = [];
  if (!(DIRECTIONS as readonly unknown[]).includes(value.direction)) {
    problems.push({ pointer: "/direction", message: `direction must be "client-to-server" or "server-to-client"` });
  }
  if (!("message" in value) && typeof value.omitted !== "string") {
    problems.push({ pointer: "", message: "A trace record carries `message` (or `omitted`, saying why not)" });
  }
  const headers: Record<string, string> = {};
  if (value.headers !== undefined) {
    if (!isRecord(value.headers)) problems.push({ pointer: "/headers", message: "headers is an object of header names to string values" });
    else {
      for (const [name, v] of Object.entries(value.headers)) {
        if (typeof v !== "string") problems.push({ pointer: `/headers/${escapeToken(name)}`, message: "a header value is a string" });
        else headers[name.toLowerCase()] = v;
      }
    }
  }
  if (value.status !== undefined && !(Number.isInteger(value.status) && (value.status as number) >= 100 && (value.status as number) <= 599)) {
    problems.push({ pointer: "/status", message: "status is an HTTP status code (100-599)" });
  }
  if (value.time !== undefined && (typeof value.time !== "string" || Number.isNaN(Date.parse(value.time)))) {
    problems.push({ pointer: "/time", message: "time is an RFC 3339 date-time string" });
  }
  if (value.omitted !== undefined && typeof value.omitted !== "string") problems.push({ pointer: "/omitted", message: "omitted is a string" });
  if (value.peer !== undefined && typeof value.peer !== "string") problems.push({ pointer: "/peer", message: "peer is a string" });
  if (problems.length > 0) return { ok: false, problems };
  const record: TraceRecord = { direction: value.direction as TraceDirection };
  if ("message" in value) record.message = value.message;
  if (value.headers !== undefined) record.headers = headers;
  if (value.status !== undefined) record.status = value.status as number;
  if (value.time !== undefined) record.time = value.time as string;
  if (value.omitted !== undefined) record.omitted = value.omitted as string;
  if (value.peer !== undefined) record.peer = value.peer as string;
  return { ok: true, record };
}
