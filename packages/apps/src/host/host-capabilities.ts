/**
 * What the host offers a view, as `ui/initialize` answers it: what the
 * bridge serves given the host's callbacks (tools and resources of the
 * view's server always; links with `onOpenLink`; logs with `onLog`), under
 * what the host declares itself.
 */
import type { ViewBridgeOptions } from "./bridge-types.js";
import type { HostCapabilities } from "./host-context.js";

/** The host's capabilities: derived from the callbacks, each field the host gives replacing the derived one. */
export function hostCapabilitiesOf(options: ViewBridgeOptions): HostCapabilities {
  const derived: HostCapabilities = {
    serverTools: {},
    serverResources: {},
    ...(options.onOpenLink && { openLinks: {} }),
    ...(options.onLog && { logging: {} }),
  };
  return { ...derived, ...options.hostCapabilities };
}
