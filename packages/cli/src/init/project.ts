/**
 * Every file of a new project, as text, before anything is written: the
 * program files from the templates (as JavaScript through toJavaScript for
 * `--lang js`, so a template it cannot turn into JavaScript stops init before
 * a file exists), package.json with exact versions, tsconfig.json for
 * TypeScript, the README with the host configuration and .gitignore.
 */
import { ownManifest } from "../own-manifest.js";
import { readme } from "./readme.js";
import type { ProjectOptions } from "./project-options.js";
import { programFiles, readTemplate, type Framework, type ProjectLanguage } from "./templates.js";
import { toJavaScript } from "./to-javascript.js";
import { PINNED, type PinnedPackage } from "./versions.js";

/** One file of the project: its path in the project folder and its text. */
export interface ProjectFile {
  path: string;
  content: string;
}

/** The project's files, in the order they are listed. */
export async function projectFiles(options: ProjectOptions): Promise<ProjectFile[]> {
  const programs = programFiles(options.framework);
  const files: ProjectFile[] = [{ path: "package.json", content: `${JSON.stringify(packageJson(options), null, 2)}\n` }];
  if (options.lang === "ts") files.push({ path: "tsconfig.json", content: `${JSON.stringify(TSCONFIG, null, 2)}\n` });
  for (const program of programs) {
    const source = await readTemplate(program.template, options.templatesDir);
    files.push({ path: `${program.name}.${options.lang}`, content: options.lang === "ts" ? source : toJavaScript(program.template, source) });
  }
  files.push({ path: "README.md", content: readme(options, programs) });
  files.push({ path: ".gitignore", content: "node_modules/\n" });
  return files;
}

const FRAMEWORK_PACKAGES: Record<Framework, { dependencies: PinnedPackage[]; types: PinnedPackage[] }> = {
  none: { dependencies: [], types: [] },
  hono: { dependencies: ["hono", "@hono/node-server"], types: [] },
  express: { dependencies: ["express"], types: ["@types/express"] },
};

/** How each script runs a file: through tsx for TypeScript, by node for JavaScript. */
function scripts(lang: ProjectLanguage): Record<string, string> {
  const run = lang === "ts" ? "tsx" : "node";
  return {
    start: `${run} stdio.${lang}`,
    http: `${run} http.${lang}`,
    client: `${run} client.${lang}`,
    test: `${run} --test notes.test.${lang}`,
    ...(lang === "ts" && { build: "tsc -p tsconfig.json" }),
  };
}

function packageJson({ name, lang, framework }: ProjectOptions) {
  const own = ownManifest();
  const pin = (names: readonly PinnedPackage[]) => names.map((n) => [n, PINNED[n]] as const);
  const framed = FRAMEWORK_PACKAGES[framework];
  // tsx runs the server, so it is a dependency; the typechecker and the types are for development.
  const dependencies = [["@mrtr/client", own.version], ["@mrtr/server", own.version], ...pin(framed.dependencies), ...(lang === "ts" ? pin(["tsx"]) : [])] as const;
  const devDependencies = lang === "ts" ? pin(["@types/node", ...framed.types, "typescript"]) : [];
  return {
    name,
    version: "0.1.0",
    private: true,
    type: "module",
    description: "A Model Context Protocol server, written by mrtr init.",
    ...(own.engines?.node && { engines: { node: own.engines.node } }),
    scripts: scripts(lang),
    dependencies: sorted(dependencies),
    ...(devDependencies.length > 0 && { devDependencies: sorted(devDependencies) }),
  };
}

const sorted = (entries: readonly (readonly [string, string])[]) => Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : 1)));

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ["node"],
  },
  include: ["**/*.ts"],
};
