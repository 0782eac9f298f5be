/**
 * `npm run docs`: the API reference of every public entry point (each
 * published package's `exports`, `@mrtr/internal` left out) built with
 * TypeDoc into .cache/api/ (open index.html: the start page, docs/api-start.md
 * with a line per package from README.md's package table). Exits 1 on any
 * warning: an exported declaration or member without a doc comment, a
 * `{@link}` that does not resolve (the start page's too), a public type naming
 * one that is not in the reference, a package the README's table leaves out.
 * The site also holds the guides of docs/guides/, in the order of
 * docs/guides/README.md (scripts/lib/guide-pages.ts).
 * `npm run docs -- --check` validates without writing the site;
 * `npm run docs -- --serve` builds it and serves it on http://127.0.0.1:8080/
 * (`--port N` for another port) until interrupted.
 * The rules and options are in scripts/lib/api-reference.ts.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { API_REFERENCE_OUT, buildApiReference } from "./lib/api-reference.js";
import { serveSite } from "./lib/serve-site.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const check = process.argv.includes("--check");
const serve = !check && process.argv.includes("--serve");
const portArg = process.argv.indexOf("--port");
const port = portArg === -1 ? 8080 : Number(process.argv[portArg + 1]);
const out = check ? undefined : resolve(root, API_REFERENCE_OUT);
const { problems, modules } = await buildApiReference(root, out === undefined ? {} : { out });
if (problems.length > 0) {
  console.error(`npm run docs: ${problems.length} problem(s) above; every public declaration needs a /** */ comment and every {@link} a target`);
  process.exit(1);
}
console.log(check ? `API reference: ${modules} entry points, no problems` : `API reference: ${modules} entry points in ${API_REFERENCE_OUT}/index.html`);
if (serve && out !== undefined) {
  const { url } = await serveSite(out, port);
  console.log(`Serving the guides and the API reference at ${url} (Ctrl-C stops)`);
}
