/**
 * Protocol extensions on the client side (`capabilities.extensions`): the
 * seam through which an opt-in package (such as @mrtr/tasks/client) teaches
 * the client a result the core does not speak. An extension is declared
 * under its identifier in every request's capabilities (`capabilities.ts`),
 * claims `resultType` values on the methods it supports, and continues a
 * call that got one of them (`step.ts`). The core keeps its rules around it:
 * what the extension ends the call with is checked as the method's complete
 * result, and a `resultType` not claimed for that method is still a
 * protocol violation.
 *
 * This file is what the core carries: linking each extension to its client
 * through the narrow `ExtensionCore`. The means an extension works with
 * (`ExtensionCall`, `ClientExtensionHost`) are built by
 * `defineClientExtension` (`@mrtr/client/plugin`), so a client without
 * extensions bundles none of them.
 */
import type { ClientCore } from "./core.js";
import { runFlow } from "./flow.js";
import { openOnce } from "./listen-open.js";
import type { ClientExtension, ExtensionCore, McpClient } from "./types.js";

/** Links each extension to `client`, once the client is built; `methods` are the notifications its listen streams pass on. */
export function linkExtensions(extensions: readonly ClientExtension[] | undefined, client: McpClient, core: ClientCore, methods: ReadonlySet<string>): void {
  if (!extensions?.length) return;
  const lent: ExtensionCore = {
    client,
    kinds: core.kinds,
    policy: core.policy,
    server: () => core.server,
    run: (call) => runFlow(core, call),
    signalOf: core.signalOf,
    open: core.open,
    listen(filter, { signal, onEvent }) {
      core.open();
      return openOnce(core, filter, AbortSignal.any([signal, core.closed]), onEvent, methods);
    },
    claims: core.claims!,
  };
  for (const extension of extensions) extension.link(lent);
}
