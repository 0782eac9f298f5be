/**
 * `mrtr connect URL`: a stdio server that a host launches, reaching one
 * remote MCP server over HTTP, signed in. This file reads the command line;
 * the gateway, the authorization layer and the stdio binding are loaded only
 * when the command runs (`serve.ts`), so the other commands stay light.
 */
import { parse, positiveInt } from "../args.js";
import type { CommandContext } from "../context.js";
import { EXIT_OK, UsageError, type ExitCode } from "../exit-codes.js";
import type { ConnectSettings } from "./connect-settings.js";

/** What `mrtr connect --help` prints. */
export const CONNECT_HELP = `Usage: mrtr connect URL [options]

Serves, over stdio, the remote MCP server at URL (Streamable HTTP), signing
in to it with OAuth: a host launches it as a local server, e.g.
  {"command": "npx", "args": ["mrtr", "connect", "https://example.com/mcp"]}
stdout carries only the protocol; messages for you go to stderr.

Signing in:
  By default the browser opens the server's sign-in page once; the redirect
  comes back to a listener on 127.0.0.1. Tokens are cached (owner-only files
  in $MRTR_CONFIG_DIR/auth, else $XDG_CONFIG_HOME/mrtr/auth, else
  ~/.config/mrtr/auth) and refreshed, so later launches need no browser.
  With MRTR_CLIENT_ID and MRTR_CLIENT_SECRET set, the client credentials
  grant is used instead (no browser, no person: CI, servers).

Options:
  --client-id ID        a client registered beforehand at the server's
                        authorization server (default: MRTR_CLIENT_ID, else
                        dynamic registration)
  --scope S             further scopes to ask for (space-separated)
  --no-browser          print the sign-in URL to stderr instead of opening it
  --callback-port N     the loopback port of the redirect (default: a free
                        one; fix it when the redirect URI is registered)
  --dpop                ask for DPoP-bound tokens (RFC 9449); needed when the
                        server accepts only those
  --header K:V          a header sent with every request (repeatable; not
                        Authorization)
  -h, --help            this help

Environment:
  MRTR_CLIENT_ID, MRTR_CLIENT_SECRET   client credentials (headless)
  MRTR_BROWSER          a program to open the sign-in URL with (its argument)
  MRTR_CONFIG_DIR       where tokens are cached (in its auth/ folder)
`;

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The headers of `--header K:V` options. */
export function parseHeaders(values: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const value of values) {
    const colon = value.indexOf(":");
    const name = value.slice(0, Math.max(colon, 0)).trim();
    if (colon <= 0 || !HEADER_NAME.test(name)) throw new UsageError(`--header takes NAME:VALUE, not ${JSON.stringify(value)}. See \`mrtr connect --help\`.`);
    if (name.toLowerCase() === "authorization") throw new UsageError("--header cannot set Authorization: mrtr connect signs in itself (see `mrtr connect --help`).");
    headers[name] = value.slice(colon + 1).trim();
  }
  return headers;
}

/** The settings of a `mrtr connect` command line (without `connect`); undefined for `--help`. */
export function parseConnectArgs(argv: string[]): ConnectSettings | undefined {
  const { values, positionals } = parse("connect", argv, {
    "client-id": { type: "string" },
    scope: { type: "string" },
    "no-browser": { type: "boolean" },
    "callback-port": { type: "string" },
    dpop: { type: "boolean" },
    header: { type: "string", multiple: true },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return undefined;
  if (positionals.length !== 1) throw new UsageError(`mrtr connect takes one URL (got ${positionals.length === 0 ? "none" : positionals.join(" ")}). See \`mrtr connect --help\`.`);
  let url: URL;
  try {
    url = new URL(positionals[0]!);
  } catch {
    throw new UsageError(`${JSON.stringify(positionals[0])} is not a URL; give the server's MCP endpoint, e.g. https://example.com/mcp.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new UsageError(`mrtr connect reaches servers over HTTP: ${url.href} is not an http(s) URL.`);
  const port = positiveInt("callback-port", values["callback-port"], 0);
  if (port > 65_535) throw new UsageError(`--callback-port takes a port (1-65535), not ${port}.`);
  return {
    url,
    ...(values["client-id"] !== undefined && { clientId: values["client-id"] }),
    ...(values.scope !== undefined && values.scope.trim() !== "" && { scope: values.scope.trim() }),
    noBrowser: values["no-browser"] === true,
    ...(port > 0 && { callbackPort: port }),
    dpop: values.dpop === true,
    headers: parseHeaders(values.header ?? []),
  };
}

/** Runs `mrtr connect`: serves until stdin ends or a signal comes, then exits 0. */
export async function connectCommand(argv: string[], ctx: CommandContext): Promise<ExitCode> {
  const settings = parseConnectArgs(argv);
  if (!settings) {
    await ctx.stdout.write(CONNECT_HELP);
    return EXIT_OK;
  }
  const { serveConnect } = await import("./serve.js");
  return serveConnect(settings, process.env);
}
