import { serveStdio } from "@mrtr/server/stdio";
import { server } from "./server.js";

// What a desktop host launches: one JSON-RPC message per line on stdin and stdout (log with console.error, never to stdout).
serveStdio(server);
