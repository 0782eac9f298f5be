/**
 * Where the page's MCP endpoints are: its own `/mcp`, `/protected/mcp` and
 * `/apps/mcp` by default, or, when `/host-config.json` names them (the dev
 * server's cross-origin mode), those URLs on another origin; and whether
 * sign-ins ask for DPoP-bound tokens. Read once when the page loads; a page
 * whose server has no such file keeps its own endpoints. The endpoint
 * select's options name the endpoint they stand for (`data-endpoint`), and
 * show the cross-origin URL once it is known.
 */
import { ENDPOINT_NAMES, HOST_CONFIG_PATH, type HostConfig, type HostEndpoints } from "../host-config.js";

/** What the page connects to. */
export interface EndpointConfig {
  /** The endpoints on another origin, when the server names them. */
  endpoints?: HostEndpoints;
  /** Whether sign-ins ask for DPoP-bound tokens. */
  dpop: boolean;
}

/** The endpoint part of `/host-config.json`; the defaults when it cannot be read or names no endpoints. */
export async function loadEndpointConfig(): Promise<EndpointConfig> {
  try {
    const response = await fetch(HOST_CONFIG_PATH, { headers: { accept: "application/json" } });
    if (!response.ok) return { dpop: false };
    const config = (await response.json()) as Partial<HostConfig>;
    const endpoints = config.endpoints;
    const named = typeof endpoints === "object" && endpoints !== null && ENDPOINT_NAMES.every((name) => typeof endpoints[name] === "string");
    return { ...(named && { endpoints }), dpop: config.dpop === true };
  } catch {
    return { dpop: false };
  }
}

/** Shows the configured URLs in the options of `select` (the option of "open" reads "Demo server (http://localhost:4002/mcp, another origin)"). */
export function showEndpoints(select: HTMLSelectElement, config: EndpointConfig): void {
  if (!config.endpoints) return;
  for (const option of select.options) {
    const name = option.dataset.endpoint as keyof HostEndpoints | undefined;
    const url = name && config.endpoints[name];
    if (!url) continue;
    const label = option.textContent ?? "";
    option.textContent = `${label.replace(/\s*\([^()]*\)\s*$/, "")} (${url}, another origin)`;
  }
}

/** The URL of the endpoint `option` stands for: the configured one, or its value against the page's address. */
export function endpointUrl(option: HTMLOptionElement, config: EndpointConfig, page: string): URL {
  const name = option.dataset.endpoint as keyof HostEndpoints | undefined;
  const configured = name && config.endpoints?.[name];
  return new URL(configured || option.value, page);
}
