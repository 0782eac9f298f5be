/**
 * What the dev server tells the page about itself at `/host-config.json`:
 * where the sandbox proxy of MCP Apps views answers, and, in the
 * cross-origin mode, where the MCP endpoints are (on another origin than the
 * page's) and that sign-ins ask for DPoP-bound tokens. The page stays
 * static (the same built files whatever the ports and the mode) and its
 * Content-Security-Policy needs no inline script: it fetches this JSON from
 * its own origin (`connect-src 'self'`). Shared by the server and the page;
 * free of Node and DOM code.
 */

/** Where the page finds its configuration (same origin as the page). */
export const HOST_CONFIG_PATH = "/host-config.json";

/** The MCP endpoints the page offers, by name. */
export interface HostEndpoints {
  /** The demo server. */
  open: string;
  /** The demo server behind `protect` (sign-in required). */
  protected: string;
  /** The trip planner (a tool with an MCP Apps view). */
  apps: string;
}

/** The names of {@link HostEndpoints}. */
export const ENDPOINT_NAMES = ["open", "protected", "apps"] as const satisfies readonly (keyof HostEndpoints)[];

/** The page's configuration. */
export interface HostConfig {
  /** The sandbox proxy's URL (`createSandboxProxyHandler` of `@mrtr/apps/sandbox`), on another origin than the page. */
  sandboxProxyUrl: string;
  /**
   * The MCP endpoints' absolute URLs, when they are not the page's own
   * `/mcp`, `/protected/mcp` and `/apps/mcp` (the cross-origin mode: another
   * origin, reached with CORS).
   */
  endpoints?: HostEndpoints;
  /** Ask for DPoP-bound tokens (RFC 9449) when signing in (default false: Bearer tokens). */
  dpop?: boolean;
}
