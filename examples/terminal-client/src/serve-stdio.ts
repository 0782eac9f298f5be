/**
 * The demo server over stdio: `node --import tsx src/serve-stdio.ts` reads
 * JSON-RPC messages on stdin and answers on stdout, as a host that launches
 * servers expects. `npm run demo -- --stdio` launches it under the terminal
 * client; any stdio host (an IDE, a desktop assistant) can launch it too.
 */
import { serveStdio } from "@mrtr/server/stdio";
import { createDemoServer } from "./demo-server.js";

serveStdio(createDemoServer());
