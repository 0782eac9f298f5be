/**
 * `ui/request-display-mode`: the view asks to be shown another way; the host
 * answers with the mode in force, changed or not. A mode the view did not
 * declare (`appCapabilities.availableDisplayModes`) or the host does not
 * offer (`hostContext.availableDisplayModes`) is never switched to, and the
 * host is not asked; a change is told to the view as a context change too.
 */
import type { BridgeCore, ViewRequestMethod } from "./bridge-core.js";
import { isDisplayMode, type DisplayMode } from "./host-context.js";
import { checkObject } from "./param-checks.js";

const modeProblem = (p: Record<string, unknown>) => (isDisplayMode(p.mode) ? undefined : 'params.mode must be "inline", "fullscreen" or "pip"');

/** Whether both the view and the host list `mode` (a list absent allows every mode). */
export function modeAllowed(mode: DisplayMode, core: BridgeCore): boolean {
  const ofView = core.app?.capabilities.availableDisplayModes;
  const ofHost = core.context.availableDisplayModes;
  return (!ofView || ofView.includes(mode)) && (!ofHost || ofHost.includes(mode));
}

/** `ui/request-display-mode`. */
export const requestDisplayMode: ViewRequestMethod = {
  check: (params) => checkObject(params, modeProblem),
  async serve(params, core) {
    const current = core.context.displayMode ?? "inline";
    const asked = params.mode as DisplayMode;
    const { onRequestDisplayMode } = core.options;
    if (!onRequestDisplayMode || !modeAllowed(asked, core)) return { mode: current };
    const chosen = await onRequestDisplayMode(asked);
    if (!isDisplayMode(chosen) || (chosen !== current && !modeAllowed(chosen, core))) {
      core.warn({ type: "callback-failed", reason: `onRequestDisplayMode gave ${String(chosen)}, which is not a mode the view and the host both list; the mode stays ${current}`, method: "ui/request-display-mode" });
      return { mode: current };
    }
    core.changeContext({ displayMode: chosen });
    return { mode: chosen };
  },
};
