// The server's connect page, where a URL-mode elicitation sends the user: a small web page of the MCP server's
// own, on a port of its own. It checks that the person in the browser is the one the link was made for, then
// (here) records the step as done; a real one would go on to the third party's sign-in and keep the token it gets.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { CONNECT_TOKEN_PARAM, ConnectLinks } from "@mrtr/server/elicitation";
import { createNodeServer } from "@mrtr/server/node";

/** The connect page, running. */
export interface ConnectPage {
  /** Makes the links to this page: each bound to a user and an elicitation, signed, short-lived. */
  readonly links: ConnectLinks;
  /** Whether the step of elicitation `id` was completed here. */
  isConnected(id: string): boolean;
  /** Every visit, in order: who the browser was signed in as, and what the page answered. */
  readonly visits: { user: string | undefined; status: number; text: string }[];
  /** Stops the page. */
  close(): Promise<void>;
}

/** The user a browser is signed in as on this site, from its session cookie (a real site reads its own session). */
export function sessionUser(request: Request): string | undefined {
  const cookie = request.headers.get("cookie") ?? "";
  return /(?:^|;\s*)session=([^;]+)/.exec(cookie)?.[1];
}

/** Starts the connect page on 127.0.0.1, on any free port. */
export async function startConnectPage(): Promise<ConnectPage> {
  const connected = new Set<string>();
  const visits: ConnectPage["visits"] = [];
  let links: ConnectLinks | undefined;
  const page = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname !== "/connect" || !links) return new Response("Not found", { status: 404 });
    const user = sessionUser(request);
    // First thing: is this browser's user the one the link was made for? A forwarded or planted link stops here.
    const verdict = await links.verifyConnect(url.searchParams.get(CONNECT_TOKEN_PARAM) ?? "", user);
    const [status, text] = verdict.ok ? [200, "Your calendar is connected. You can close this tab."] : [403, `This link is not for you (${verdict.reason}).`];
    if (verdict.ok) connected.add(verdict.binding.elicitationId);
    visits.push({ user, status, text });
    return new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
  };
  const http = createNodeServer(page);
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  // The secret signs the links: one per deployment, shared by every instance, kept out of source control.
  links = new ConnectLinks({ secret: randomBytes(32), baseUrl: `http://127.0.0.1:${port}/connect`, ttlSeconds: 600 });
  return {
    links,
    isConnected: (id) => connected.has(id),
    visits,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
