/**
 * `mrtr init [DIR]`: writes a small MCP server project into DIR (created if
 * needed; refused, exit 2, when it exists and is not empty), then says what
 * it wrote and what to run next.
 */
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import { basename, join, relative, resolve } from "node:path";
import { choice, parse } from "../args.js";
import type { CommandContext } from "../context.js";
import { EXIT_OK, EXIT_USAGE, UsageError, type ExitCode } from "../exit-codes.js";
import { projectFiles } from "./project.js";
import { FRAMEWORKS, PROJECT_LANGUAGES } from "./templates.js";

/** What `mrtr init --help` prints. */
export const INIT_HELP = `Usage: mrtr init [DIR] [options]

Writes a small Model Context Protocol server project into DIR (default: the
current folder), which must be empty or not exist: a server with one tool
that asks the user a question, its stdio and HTTP entries, a client that
launches it, a test, and a README with the configuration of Claude Desktop,
VS Code and Cursor. Dependencies are pinned to exact versions, @mrtr/server
and @mrtr/client at this command's version.

Options:
  --lang LANG           ts (default: run through tsx, typechecked by tsc)
                        or js (run by node)
  --framework NAME      what the HTTP entry uses: none (default: Node's http),
                        hono or express
  -h, --help            this help

Then: cd DIR && npm install && npm test
`;

/** Runs `mrtr init` with the arguments after `init`; resolves to 0 once the project is written, 2 when refused. */
export async function initCommand(argv: string[], ctx: CommandContext): Promise<ExitCode> {
  const { values, positionals } = parse("init", argv, {
    lang: { type: "string" },
    framework: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    await ctx.stdout.write(INIT_HELP);
    return EXIT_OK;
  }
  if (positionals.length > 1) throw new UsageError(`mrtr init takes one DIR (got ${positionals.join(" ")}). See \`mrtr init --help\`.`);
  const lang = choice("lang", values.lang, PROJECT_LANGUAGES, "ts");
  const framework = choice("framework", values.framework, FRAMEWORKS, "none");
  const given = positionals[0] ?? ".";
  const dir = resolve(given);

  const refusal = await refuseExisting(dir, given);
  if (refusal) {
    await ctx.stderr.write(`mrtr: ${refusal}\n`);
    return EXIT_USAGE;
  }
  // Every file is made before the first is written: a template that cannot be turned into JavaScript leaves nothing behind.
  const files = await projectFiles({ dir, name: packageName(basename(dir)), lang, framework });
  try {
    await mkdir(dir, { recursive: true });
    for (const file of files) await writeFile(join(dir, file.path), file.content, { flag: "wx" });
  } catch (error) {
    await ctx.stderr.write(`mrtr: cannot write the project into ${given}: ${(error as Error).message}\n`);
    return EXIT_USAGE;
  }

  const cd = relative(process.cwd(), dir);
  const next = [
    ...(cd === "" ? [] : [`cd ${/^[\w./-]+$/.test(cd) ? cd : `'${cd.replace(/'/g, "'\\''")}'`}`]),
    "npm install",
    "npm test          # the test",
    "npm start         # the stdio server, as a desktop host launches it",
    "npm run client    # launches it and calls its tool",
    "npm run http      # the same server over HTTP",
  ];
  await ctx.stdout.write(
    `Wrote a ${lang === "ts" ? "TypeScript" : "JavaScript"} MCP server (HTTP: ${framework === "none" ? "Node's http" : framework}) into ${dir}:\n` +
      files.map((f) => `  ${f.path}\n`).join("") +
      `\nNext:\n${next.map((line) => `  ${line}\n`).join("")}` +
      `\nHost configuration (Claude Desktop, VS Code, Cursor), with this folder's path filled in: ${join(cd, "README.md")}, section "Connect a desktop host".\n`,
  );
  return EXIT_OK;
}

/** Why `dir` cannot take a new project, or undefined when it does not exist or is an empty folder. */
async function refuseExisting(dir: string, given: string): Promise<string | undefined> {
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(dir)).isDirectory();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    return `cannot read ${given}: ${(error as Error).message}`;
  }
  if (!isDirectory) return `${given} exists and is not a folder: name a new folder, e.g. \`mrtr init my-server\``;
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    return `cannot read ${given}: ${(error as Error).message}`;
  }
  if (entries.length === 0) return undefined;
  const shown = entries.slice(0, 3).join(", ") + (entries.length > 3 ? ", …" : "");
  return `${given} is not empty (it holds ${shown}): name a new or empty folder, e.g. \`mrtr init my-server\`; nothing was written`;
}

/** An npm package name from a folder's name: lower case, letters, digits, `-`, `.` and `_`, not starting with `.` or `_`. */
export function packageName(folder: string): string {
  const name = folder
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^[._-]+|-+$/g, "")
    .slice(0, 214);
  return name || "mcp-server";
}
