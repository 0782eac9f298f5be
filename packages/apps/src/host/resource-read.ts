/**
 * `resources/read` from a view: passed to the view's own server. The spec
 * lists it among the messages a view may send and bounds it no further
 * (`serverResources`: "Host can proxy resource reads to the MCP server"),
 * so any resource of the view's own server is read by default, not only
 * `ui://` ones: the view is that server's code, and reads nothing the
 * server does not serve this host. `canReadResource` narrows it.
 */
import type { ViewRequestMethod } from "./bridge-core.js";
import { quote, RpcError, VIEW_BRIDGE_ERROR_CODES } from "./json-rpc.js";
import { checkObject, optionalObjectField, stringField } from "./param-checks.js";
import { serverFailure, viewResult } from "./server-result.js";

/** `resources/read`. */
export const resourceRead: ViewRequestMethod = {
  check: (params) => checkObject(params, stringField("uri", true), optionalObjectField("_meta")),
  async serve(params, core, signal) {
    const uri = params.uri as string;
    const allowed = core.options.canReadResource ? await core.options.canReadResource(uri) : true;
    if (allowed !== true) throw new RpcError(VIEW_BRIDGE_ERROR_CODES.refused, `The host does not let the view read ${quote(uri)}.`, { uri });
    try {
      return viewResult(await core.options.client.readResource(uri, { signal }));
    } catch (error) {
      throw signal.aborted || error instanceof RpcError ? error : serverFailure(error, "resources/read", core);
    }
  },
};
