/**
 * The project's README: what each file is, the commands, and the host
 * configuration of the common desktop hosts, each launching the stdio entry
 * by the absolute path of the project folder (hosts start servers from a
 * folder of their own).
 */
import { join } from "node:path";
import type { ProjectOptions } from "./project-options.js";
import type { ProgramFile, ProjectLanguage } from "./templates.js";

/** How a host launches the project's stdio entry: a program and its arguments. */
export interface StdioLaunch {
  command: string;
  args: string[];
}

/**
 * The stdio entry launched from any folder: node alone for JavaScript; for
 * TypeScript, node running the project's own tsx (its `bin`), since
 * `--import tsx` would be looked up from the host's folder.
 */
export function stdioLaunch(dir: string, lang: ProjectLanguage): StdioLaunch {
  return lang === "ts"
    ? { command: "node", args: [join(dir, "node_modules", "tsx", "dist", "cli.mjs"), join(dir, "stdio.ts")] }
    : { command: "node", args: [join(dir, "stdio.js")] };
}

/** A desktop host: where its configuration lives and how it holds a stdio server. */
interface Host {
  title: string;
  where: string;
  config: (name: string, launch: StdioLaunch) => unknown;
}

/** The hosts whose configuration the README shows, each as JSON. */
export const HOSTS: readonly Host[] = [
  {
    title: "Claude Desktop",
    where:
      "`claude_desktop_config.json` (Settings → Developer → Edit Config; on macOS in `~/Library/Application Support/Claude/`, on Windows in `%APPDATA%\\Claude\\`), then restart Claude Desktop",
    config: (name, launch) => ({ mcpServers: { [name]: launch } }),
  },
  {
    title: "VS Code",
    where: "`.vscode/mcp.json` in a workspace (or the user configuration, command MCP: Open User Configuration)",
    config: (name, launch) => ({ servers: { [name]: { type: "stdio", ...launch } } }),
  },
  {
    title: "Cursor",
    where: "`.cursor/mcp.json` in a project, or `~/.cursor/mcp.json` for every project",
    config: (name, launch) => ({ mcpServers: { [name]: launch } }),
  },
];

/** The README of a project with `programs`. */
export function readme({ dir, name, lang }: ProjectOptions, programs: readonly ProgramFile[]): string {
  const launch = stdioLaunch(dir, lang);
  const ts = lang === "ts";
  const rows = [
    ["package.json", `the scripts below and the dependencies, at exact versions`],
    ...(ts ? [["tsconfig.json", "strict TypeScript checks for `npm run build` (nothing is emitted: tsx runs the .ts files)"]] : []),
    ...programs.map((p) => [`${p.name}.${lang}`, p.about]),
  ];
  const hosts = HOSTS.map((h) => `**${h.title}**: ${h.where}:\n\n\`\`\`json\n${JSON.stringify(h.config(name, launch), null, 2)}\n\`\`\``);
  return `# ${name}

A Model Context Protocol server written with @mrtr/server, as \`mrtr init\`
made it. It speaks the 2026-07-28 draft and the initialize-based revisions
hosts use today.

| file | what it is |
|---|---|
${rows.map(([file, about]) => `| \`${file}\` | ${about} |`).join("\n")}

## Commands

\`\`\`sh
npm install
npm test                  # the test, ${ts ? "through tsx" : "by node"}${ts ? "\nnpm run build             # typechecks (tsc)" : ""}
npm start                 # the stdio server: it waits for a host on standard input
npm run http              # the HTTP server at http://127.0.0.1:3000/mcp
npm run client -- Grace   # launches the stdio server, calls greet: Hello, Grace!
\`\`\`

${ts ? "The programs run through tsx, which compiles TypeScript as it loads it." : "The programs run on node as they are; there is nothing to build."}

## Connect a desktop host

Each configuration below launches \`stdio.${lang}\` from this folder,
\`${dir}\`, with \`node\` (Node 20 or newer): run \`npm install\` first.
If the host does not find \`node\` (an app started from the desktop may not
see your shell's PATH, with nvm for instance), give its absolute path as
\`command\` (\`which node\`, on Windows \`where node\`). If you move the
folder, change the paths.

${hosts.join("\n\n")}
`;
}
