/**
 * What the host offers a view, as `ui/initialize` answers it: what the
 * bridge serves given the host's callbacks (tools and resources of the
 * view's server always; links with `onOpenLink`; logs with `onLog`; model
 * context with `onUpdateModelContext` and messages with `onMessage`, each
 * with the content kinds the bridge checks, as ext-apps 2.x reads them),
 * under what the host declares itself.
 */
import type { ViewBridgeOptions } from "./bridge-types.js";
import type { ContentModalities, HostCapabilities } from "./host-context.js";

/** The content blocks the bridge takes from a view (content-checks.ts checks each). */
const CONTENT_KINDS: ContentModalities = { text: {}, image: {}, audio: {}, resource: {}, resourceLink: {} };

/** The host's capabilities: derived from the callbacks, each field the host gives replacing the derived one. */
export function hostCapabilitiesOf(options: ViewBridgeOptions): HostCapabilities {
  const derived: HostCapabilities = {
    serverTools: {},
    serverResources: {},
    ...(options.onOpenLink && { openLinks: {} }),
    ...(options.onLog && { logging: {} }),
    ...(options.onUpdateModelContext && { updateModelContext: { ...CONTENT_KINDS, structuredContent: {} } }),
    ...(options.onMessage && { message: CONTENT_KINDS }),
  };
  return { ...derived, ...options.hostCapabilities };
}
