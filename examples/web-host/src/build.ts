/** `npm run build -w @mrtr/example-web-host`: builds the page into dist/ and prints the size of each file. */
import { relative } from "node:path";
import { buildPage, DIST_DIR, sizeTable } from "./build-page.js";

const sizes = await buildPage();
console.log(`page built in ${relative(process.cwd(), DIST_DIR) || "."}`);
for (const line of sizeTable(sizes)) console.log(`  ${line}`);
