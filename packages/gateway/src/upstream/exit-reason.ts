/**
 * Learning that a supervised stdio process ended, and how. The transport
 * (launched with `restart.maxAttempts` 0) shows no process id once its
 * process is gone, and from then on refuses to start another: asking it for
 * its channel throws the `TransportError` that says how the process ended
 * (its exit code or signal, or why it could not be started). That refusal
 * launches nothing, which is what makes asking safe.
 */
import type { StdioTransport } from "@mrtr/client/stdio";

/** Longest description kept, in UTF-16 units. */
const MAX_REASON = 1_000;

/**
 * How the process of `transport` ended (`The stdio server "node s.js"
 * exited with code 1.`), or undefined while it runs or before the transport
 * has settled its end. Only for a transport whose process was launched and
 * that is not closed (asking a fresh one would launch it).
 */
export function exitReason(transport: StdioTransport): string | undefined {
  const wire = transport.wire;
  if (transport.pid !== undefined || wire?.kind !== "channel") return undefined;
  try {
    wire.connect(); // the process (not started yet, as after a failed spawn) has not settled its end
    return undefined;
  } catch (error) {
    return shortReason(error instanceof Error ? error.message : String(error));
  }
}

/** The transport's message without its stderr lines (the supervisor keeps its own) and its note on restarting. */
function shortReason(message: string): string {
  const head = message.split("\nNot restarted:")[0]!.split(" Its last stderr lines:")[0]!.trim();
  return head.length > MAX_REASON ? `${head.slice(0, MAX_REASON - 1)}…` : head;
}
