// Registered with --import: every module Node loads from here on is written to stderr as "load <url>",
// so a test can tell which modules a program loaded before and after a point it prints.
import { register } from "node:module";

register("data:text/javascript," + encodeURIComponent(`
export async function load(url, context, next) {
  process.stderr.write("load " + url + "\\n");
  return next(url, context);
}`));
