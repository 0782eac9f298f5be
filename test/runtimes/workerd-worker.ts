/**
 * The Worker module the workerd tests bundle: the fixture server over the
 * web-standard HTTP handler, everything with default options (no
 * `jsonSchemaValidator`, no `requestState.crypto`), created at the module's
 * top level as Workers usually do.
 */
import { createHttpHandler } from "@mrtr/server";
import { FIXTURE_MAX_BODY_BYTES, fixtureServer } from "./workerd-fixture.js";

const handle = createHttpHandler(fixtureServer(), { maxBodyBytes: FIXTURE_MAX_BODY_BYTES });

export default {
  fetch(request: Request): Promise<Response> {
    return handle(request);
  },
};
