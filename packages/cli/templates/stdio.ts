import { serveStdio } from "@mrtr/server/stdio";
import { server } from "./notes.js";

// How desktop hosts launch a server: they open with today's initialize-based revision or with 2026-07-28; both are served.
serveStdio(server);
