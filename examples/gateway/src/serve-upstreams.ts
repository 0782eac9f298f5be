import { archiveServer, bistroServer, serveUpstream } from "./upstreams.js";

// The two upstreams on the ports gateway.json names, for `npx mrtr gateway --config gateway.json` to put behind it.
const bistro = await serveUpstream(bistroServer(), 4101);
const archive = await serveUpstream(archiveServer(), 4102);
console.log(`bistro:  ${bistro.url}\narchive: ${archive.url}`);
