/** `server/discover`: versions, capabilities, instructions and the server's identity. */
import { serverCapabilities } from "../capabilities.js";
import type { MethodHandler } from "./method.js";

export const discover: MethodHandler<"server/discover"> = async (_request, _ctx, core) => ({
  resultType: "complete",
  supportedVersions: [...core.supportedVersions],
  capabilities: serverCapabilities(core),
  ...(core.instructions !== undefined && { instructions: core.instructions }),
  ...core.cache,
  _meta: { "io.modelcontextprotocol/serverInfo": core.serverInfo },
});
