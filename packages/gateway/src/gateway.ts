/**
 * The gateway as an object: its front server and how to run it.
 */
import type { McpServer } from "@mrtr/server";

/** What one upstream is doing, for health checks and logs. */
export interface UpstreamStatus {
  /** Its name. */
  name: string;
  /** `http` or `stdio`. */
  transport: "http" | "stdio";
  /** The era it speaks, once known. */
  era: "modern" | "legacy" | undefined;
  /** `idle` (not started), `up`, `restarting`, `down` (left down after too many crashes, or unreachable). */
  state: "idle" | "up" | "restarting" | "down";
  /** Items it lists (tools, prompts, resources, templates). */
  items: number;
  /** The last problem, in words. */
  lastError?: string;
  /** Restarts so far (stdio). */
  restarts: number;
  /** The latest of its stderr (stdio), within its bound. */
  stderr?: string;
}

/** A running gateway. */
export interface Gateway {
  /** The front server: serve it with `createHttpHandler`, `toNodeListener` (`@mrtr/server/node`) or `serveStdio` (`@mrtr/server/stdio`), add `server.use(...)` middleware, `protect` it. */
  readonly server: McpServer;
  /** This instance's id (named in held legacy calls' state). */
  readonly instanceId: string;
  /** Launches `boot` upstreams and lists every upstream once; lists are kept current from then on. Resolves when each upstream has answered or failed. */
  start(): Promise<void>;
  /** Lists one upstream (or all) again now. */
  refresh(upstream?: string): Promise<void>;
  /** Each upstream's state. */
  status(): UpstreamStatus[];
  /** Stops listening to upstreams, fails held calls, stops stdio upstreams and closes the front server. */
  close(): Promise<void>;
}
