/**
 * Caches V8's compiled code of the CommonJS modules loaded after this one
 * (TypeScript alone is 9 MB of JavaScript), so repeated generator runs start
 * faster. Imported first by scripts/generate.ts. Node 22 has this built in
 * (module.enableCompileCache); Node 20, which we support, does not.
 */
import { createRequire } from "node:module";

createRequire(import.meta.url)("v8-compile-cache");
