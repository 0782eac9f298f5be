/**
 * What the dev server tells the page about itself at `/host-config.json`:
 * so far, where the sandbox proxy of MCP Apps views answers. The page stays
 * static (the same built files whatever the ports) and its
 * Content-Security-Policy needs no inline script: it fetches this JSON from
 * its own origin (`connect-src 'self'`). Shared by the server and the page;
 * free of Node and DOM code.
 */

/** Where the page finds its configuration (same origin as the page). */
export const HOST_CONFIG_PATH = "/host-config.json";

/** The page's configuration. */
export interface HostConfig {
  /** The sandbox proxy's URL (`createSandboxProxyHandler` of `@mrtr/apps/sandbox`), on another origin than the page. */
  sandboxProxyUrl: string;
}
