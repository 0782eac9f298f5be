/**
 * Knowing when a stdio upstream answers: a transport wrapped so that every
 * response it brings back (to the core's requests, and to an era plugin's
 * over the same channel) is reported. The supervisor counts a process that
 * answered anything as healthy: its crash does not add to the crashes in a row.
 */
import type { Transport } from "@mrtr/client";
import type { TransportWire, WireChannel } from "@mrtr/client/plugin";

/** `inner`, calling `onAnswer` each time a request through it is answered. */
export function tapAnswers(inner: Transport, onAnswer: () => void): Transport {
  const tap = <T>(answer: T): T => {
    onAnswer();
    return answer;
  };
  const tapped: Transport = {
    request: (message, options) => inner.request(message, options).then(tap),
    close: () => inner.close?.() ?? Promise.resolve(),
  };
  if (inner.notify) tapped.notify = (message) => inner.notify!(message);
  if (inner.listen) tapped.listen = (message, options) => inner.listen!(message, options).then(tap);
  const wire = inner.wire && tapWire(inner.wire, tap);
  return wire ? { ...tapped, wire } : tapped;
}

/** A channel wire whose channels' requests report their answers (an HTTP wire is left as it is). */
function tapWire(wire: TransportWire, tap: <T>(answer: T) => T): TransportWire {
  if (wire.kind !== "channel") return wire;
  return {
    kind: "channel",
    connect(): WireChannel {
      const channel = wire.connect();
      return {
        generation: channel.generation,
        request: (message, options) => channel.request(message, options).then(tap),
        send: (message) => channel.send(message),
        onUnclaimed: (listener) => channel.onUnclaimed(listener),
        probe: (meta) => channel.probe(meta),
      };
    },
  };
}
