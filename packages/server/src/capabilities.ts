/** The capabilities a server declares in `server/discover`: exactly what is registered. */
import type { ServerCapabilities } from "@mrtr/schema";
import type { ServerCore } from "./core.js";

export function serverCapabilities(core: ServerCore): ServerCapabilities {
  const caps: ServerCapabilities = {};
  if (core.registry.tools.size > 0) caps.tools = {};
  if (core.registry.prompts.size > 0) caps.prompts = {};
  if (hasResources(core)) caps.resources = {};
  return caps;
}

/** Whether the server serves resources at all (registered, templated or listed dynamically). */
export function hasResources(core: ServerCore): boolean {
  return core.registry.resources.size > 0 || core.registry.templates.length > 0 || core.listResources !== undefined;
}
