/**
 * Where the sandbox proxy of MCP Apps views answers, as the dev server
 * says at `/host-config.json` (host-config.ts): fetched from the page's own
 * origin once, and again after a failure.
 */
import { HOST_CONFIG_PATH, type HostConfig } from "../host-config.js";

let asked: Promise<string> | undefined;

/** The sandbox proxy's URL; rejects with an Error saying why the page has none. */
export function sandboxProxyUrl(): Promise<string> {
  asked ??= fetchProxyUrl().catch((error: unknown) => {
    asked = undefined;
    throw error;
  });
  return asked;
}

async function fetchProxyUrl(): Promise<string> {
  const response = await fetch(HOST_CONFIG_PATH, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`${HOST_CONFIG_PATH} answered ${response.status}: this server serves no sandbox proxy, so views cannot be shown.`);
  const config = (await response.json()) as Partial<HostConfig>;
  if (typeof config.sandboxProxyUrl !== "string") throw new Error(`${HOST_CONFIG_PATH} names no sandboxProxyUrl, so views cannot be shown.`);
  return config.sandboxProxyUrl;
}
