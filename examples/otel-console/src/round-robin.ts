/**
 * A client transport that sends each request to the next server instance in
 * turn, as a load balancer might, so the rounds of one flow land on
 * different instances.
 */
import { context, ROOT_CONTEXT } from "@opentelemetry/api";
import type { Transport } from "@mrtr/client";
import { inProcessTransport, type McpServer } from "@mrtr/server";

/** Round-robin over in-process transports to `servers`. */
export function roundRobin(servers: readonly McpServer[]): Transport {
  const transports = servers.map((server) => inProcessTransport(server));
  let next = 0;
  return {
    request(message, options) {
      const transport = transports[next++ % transports.length]!;
      // Across a real network only the message arrives: serve it outside the
      // client's active context, so the server's span can only find its parent
      // through the trace context in params._meta.
      return context.with(ROOT_CONTEXT, () => transport.request(message, options));
    },
  };
}
