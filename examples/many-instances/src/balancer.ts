/**
 * A round-robin load balancer, as small as one can be: every request goes to
 * the next instance in turn, with no session affinity (no sticky routing). A
 * 2026-07-28 client needs none: each retry carries its sealed requestState,
 * which any instance sharing the secret opens. In production this is nginx,
 * HAProxy or your cloud's balancer.
 */
import type { AddressInfo } from "node:net";
import { createNodeServer } from "@mrtr/server/node";

/** A running balancer: its URL, and which upstream each request went to. */
export interface Balancer {
  readonly url: string;
  readonly picks: string[];
  close(): Promise<void>;
}

/** Headers that describe one hop, not the request: the balancer's own connection sets them. */
const HOP = new Set(["host", "connection", "keep-alive", "content-length", "transfer-encoding"]);

/** Starts a balancer on a free loopback port in front of `upstreams` (their MCP endpoint URLs). */
export async function startBalancer(upstreams: readonly string[]): Promise<Balancer> {
  const picks: string[] = [];
  let next = 0;
  const http = createNodeServer(async (request) => {
    const upstream = upstreams[next++ % upstreams.length]!;
    picks.push(upstream);
    const headers = [...request.headers].filter(([name]) => !HOP.has(name));
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
    const answer = await fetch(upstream, { method: request.method, headers, body, signal: request.signal });
    // Pass the answer on as it came: status, headers (Retry-After, Mcp-Session-Id, …) and body.
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    picks,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}
