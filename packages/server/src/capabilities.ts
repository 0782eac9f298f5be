/**
 * The capabilities a server declares in `server/discover`: exactly what is
 * registered and wired. A list whose changes the server announces
 * (`subscriptions.listChanged`) is served even while empty, since entries may come.
 */
import { mergeCapabilities } from "@mrtr/internal";
import type { ServerCapabilities } from "@mrtr/schema";
import type { ServerCore } from "./core.js";

export function serverCapabilities(core: ServerCore): ServerCapabilities {
  let caps: ServerCapabilities = {};
  // What features add (a logging plugin declares `logging`), under what the registrations declare.
  for (const feature of core.features) caps = mergeCapabilities(caps, feature.capabilities) ?? caps;
  const d = core.hub.deliverable;
  if (servesTools(core)) caps.tools = d.toolsListChanged ? { listChanged: true } : {};
  if (servesPrompts(core)) caps.prompts = d.promptsListChanged ? { listChanged: true } : {};
  if (hasResources(core)) {
    caps.resources = {
      ...(d.resourceSubscriptions && { subscribe: true }),
      ...(d.resourcesListChanged && { listChanged: true }),
    };
  }
  if (core.registry.completes()) caps.completions = {};
  if (core.extensions.list.length > 0) {
    caps.extensions = { ...caps.extensions };
    for (const extension of core.extensions.list) caps.extensions[extension.id] = extension.settings ?? {};
  }
  return caps;
}

/** Whether the server serves tools (registered, or announced as they change). */
export function servesTools(core: ServerCore): boolean {
  return core.registry.tools.size > 0 || core.hub.deliverable.toolsListChanged;
}

/** Whether the server serves prompts (registered, or announced as they change). */
export function servesPrompts(core: ServerCore): boolean {
  return core.registry.prompts.size > 0 || core.hub.deliverable.promptsListChanged;
}

/** Whether the server serves resources at all (registered, templated, listed dynamically, or announced). */
export function hasResources(core: ServerCore): boolean {
  const d = core.hub.deliverable;
  return (
    core.registry.resources.size > 0 ||
    core.registry.templates.length > 0 ||
    core.listResources !== undefined ||
    d.resourcesListChanged ||
    d.resourceSubscriptions
  );
}
