/**
 * The program files of a new project: this package's templates/ folder,
 * copied as they are for TypeScript or through toJavaScript for JavaScript.
 * The templates are the single source of truth (the server README shows
 * them): nothing here repeats their text.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The languages a project can be written in. */
export const PROJECT_LANGUAGES = ["ts", "js"] as const;
/** `ts` (run through tsx, typechecked with tsc) or `js` (run by node). */
export type ProjectLanguage = (typeof PROJECT_LANGUAGES)[number];

/** What the project's HTTP entry is built on. */
export const FRAMEWORKS = ["none", "hono", "express"] as const;
/** `none` (Node's http through @mrtr/server/node), `hono` or `express`. */
export type Framework = (typeof FRAMEWORKS)[number];

/** The templates folder: `../../templates/` from both src/init/ and dist/init/. */
export const TEMPLATES_DIR = fileURLToPath(new URL("../../templates/", import.meta.url));

/** One program file of the project. */
export interface ProgramFile {
  /** The template it is copied from, in templates/. */
  template: string;
  /** Its name in the project, without the extension (`http` for http-hono.ts). */
  name: string;
  /** What it is, for the project's README (Markdown, one line). */
  about: string;
}

const HTTP: Record<Framework, { template: string; about: string }> = {
  none: { template: "http.ts", about: "on Node's http through `createNodeServer` of @mrtr/server/node (timeouts and limits set)" },
  hono: { template: "http-hono.ts", about: "mounted at /mcp in a Hono app served by @hono/node-server" },
  express: { template: "http-express.ts", about: "mounted at /mcp in an Express app" },
};

/** The program files of a project whose HTTP entry uses `framework`. */
export function programFiles(framework: Framework): ProgramFile[] {
  return [
    { template: "notes.ts", name: "notes", about: "the server: its name and its one tool, `greet`, which asks the user's name, then greets them by it" },
    { template: "stdio.ts", name: "stdio", about: "the server over stdio, as a desktop host launches it" },
    { template: HTTP[framework].template, name: "http", about: `the server over Streamable HTTP at http://127.0.0.1:3000/mcp (\`PORT\` changes the port), ${HTTP[framework].about}` },
    { template: "client.ts", name: "client", about: "a client that launches the stdio server as a host does, and answers its question with the name it is given" },
    { template: "notes.test.ts", name: "notes.test", about: "the test: drives the server in process with node:test, no socket and no child process" },
  ];
}

/** A template's text, from `dir` (the package's templates/ unless given). */
export function readTemplate(template: string, dir = TEMPLATES_DIR): Promise<string> {
  return readFile(join(dir, template), "utf8");
}
