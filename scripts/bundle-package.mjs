#!/usr/bin/env node
/**
 * Builds one package (`node ../../scripts/bundle-package.mjs`, its `build`
 * script; or `node scripts/bundle-package.mjs packages/server`): dist/ gets
 *
 * - the package's JavaScript as one ES module per entry point (each target
 *   of `exports`, found from its "@mrtr/source" file, and each `bin`), at the
 *   path `exports` names, bundled by rolldown; what two entry points share
 *   is in chunks (dist/chunks/), so a class or a module-level singleton
 *   exists once per package whichever entry points a program imports, and a
 *   module imported with `import()` stays lazy, in a chunk of its own. Every
 *   bare specifier (the other @mrtr/* packages, dependencies, Node built-ins)
 *   stays an import. One module per entry point rather than one per source
 *   file: what a program pays at start-up is mostly the loading of each file.
 * - source maps (`.js.map`) into src/, with the sources' text (src/ is not
 *   published);
 * - the declarations, as tsc emits them (`--emitDeclarationOnly`; tsc also
 *   typechecks, as it did when it emitted the JavaScript).
 *
 * A module that reads `import.meta.url` (a file beside it, its package.json)
 * gets the URL it would have as dist/<its path>.js, wherever its code lands.
 * Bins are made executable.
 */
import { spawn } from "node:child_process";
import { chmodSync, existsSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { RolldownMagicString, rolldown } from "rolldown";
import { parseAst } from "rolldown/parseAst";

const DIST = "dist";
const SRC = "src";
/** Stands, in a bundled module, for the way from its output file up to dist/; replaced once the file's place is known. */
const DIST_ROOT = "__MRTR_DIST_ROOT__";

const pkgDir = resolve(process.argv[2] ?? ".");
const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
const fail = (message) => {
  console.error(`bundle-package ${manifest.name}: ${message}`);
  process.exit(1);
};

/** The file a target (a string or a nest of conditions) finally names under the `import` / `default` conditions. */
function runtimeTarget(target) {
  if (typeof target === "string") return target;
  if (target && typeof target === "object") for (const key of ["import", "default"]) if (key in target) return runtimeTarget(target[key]);
  return undefined;
}

/** `./dist/a/b.js` → `a/b`, the name rolldown gives the entry's chunk (`[name].js`). */
function entryName(file, where) {
  const m = /^(?:\.\/)?dist\/(.+)\.js$/.exec(file);
  if (!m) fail(`${where} names ${file}, not a .js file under dist/`);
  return m[1];
}

/** Entry name → source file, from `exports` (the "@mrtr/source" condition) and `bin` (dist/x.js ← src/x.ts). */
function entryPoints() {
  const input = {};
  const add = (name, source, where) => {
    const file = resolve(pkgDir, source);
    if (!existsSync(file)) fail(`${where}: ${source} does not exist`);
    if (input[name] !== undefined && input[name] !== file) fail(`${where}: dist/${name}.js is built from both ${input[name]} and ${file}`);
    input[name] = file;
  };
  const exports = manifest.exports ?? {};
  const map = typeof exports === "string" || !Object.keys(exports).some((k) => k.startsWith(".")) ? { ".": exports } : exports;
  for (const [subpath, target] of Object.entries(map)) {
    const file = runtimeTarget(target);
    if (file === undefined || !file.endsWith(".js")) continue; // package.json, schema.json, ...
    const source = target && typeof target === "object" ? target["@mrtr/source"] : undefined;
    if (typeof source !== "string") fail(`export "${subpath}" has no "@mrtr/source" condition naming its source`);
    add(entryName(file, `export "${subpath}"`), source, `export "${subpath}"`);
  }
  const bins = typeof manifest.bin === "string" ? { [manifest.name]: manifest.bin } : (manifest.bin ?? {});
  for (const [command, file] of Object.entries(bins)) {
    const name = entryName(file, `bin "${command}"`);
    add(name, `${SRC}/${name}.ts`, `bin "${command}"`);
  }
  if (Object.keys(input).length === 0) fail("no entry point: neither exports nor bin names a .js file under dist/");
  return { input, bins: Object.values(bins).map((f) => resolve(pkgDir, f)) };
}

/** Bare specifiers (packages, built-ins) stay imports; relative and absolute ones are this package's own modules. */
const isExternal = (id) => !(id.startsWith(".") || isAbsolute(id) || id.startsWith("\0"));

/** Calls each AST node of `node` with its parent and the key it is under. */
function walk(node, enter, parent = undefined, key = undefined) {
  if (Array.isArray(node)) return node.forEach((n) => walk(n, enter, parent, key));
  if (!node || typeof node !== "object" || typeof node.type !== "string") return;
  if (enter(node, parent, key) === false) return;
  for (const k in node) if (k !== "type" && k !== "start" && k !== "end") walk(node[k], enter, node, k);
}

/** Every `import.meta` of a module's AST, with the property read from it (`url`, or undefined for a bare `import.meta`). */
function importMetas(ast) {
  const found = [];
  walk(ast, (node, parent) => {
    if (node.type !== "MetaProperty" || node.meta.name !== "import") return;
    const member = parent?.type === "MemberExpression" && parent.object === node && !parent.computed ? parent : undefined;
    found.push({ start: (member ?? node).start, end: (member ?? node).end, property: member?.property.name });
  });
  return found;
}

/**
 * `import.meta.url` as the module would have it unbundled (dist/<path>.js),
 * whatever the depth of the file its code is bundled into: a module that
 * reads `new URL("../../templates/", import.meta.url)` still finds the
 * package's templates/ folder. Any other use of `import.meta` is refused:
 * it would need the same care.
 */
const importMetaUrl = {
  name: "mrtr:import-meta-url",
  transform: {
    filter: { code: "import.meta" },
    handler(code, id) {
      const rel = relative(join(pkgDir, SRC), id);
      if (rel.startsWith("..") || isAbsolute(rel)) return null;
      const metas = importMetas(parseAst(code, { lang: id.endsWith(".tsx") ? "tsx" : "ts" }, id));
      if (metas.length === 0) return null;
      const unbundled = rel.split(sep).join("/").replace(/\.(m|c)?tsx?$/, ".js");
      const s = new RolldownMagicString(code);
      for (const meta of metas) {
        if (meta.property !== "url") this.error(`${rel}: import.meta${meta.property ? `.${meta.property}` : ""} is not supported by scripts/bundle-package.mjs (only import.meta.url)`);
        s.overwrite(meta.start, meta.end, `new URL(${DIST_ROOT} + ${JSON.stringify(unbundled)}, import.meta.url).href`);
      }
      return { code: s };
    },
  },
  renderChunk(code, chunk) {
    if (!code.includes(DIST_ROOT)) return null;
    const depth = chunk.fileName.split("/").length - 1;
    const up = depth === 0 ? "./" : "../".repeat(depth);
    const s = new RolldownMagicString(code);
    for (const m of code.matchAll(new RegExp(`\\b${DIST_ROOT}\\b`, "g"))) s.overwrite(m.index, m.index + DIST_ROOT.length, JSON.stringify(up));
    return { code: s };
  },
};

const GLOBALS = new Set(["Object", "Array", "Symbol", "Math", "JSON", "Reflect", "Number", "String", "Promise"]);
const FUNCTIONS = new Set(["FunctionExpression", "ArrowFunctionExpression", "FunctionDeclaration", "ClassExpression", "ClassDeclaration"]);

/**
 * Whether a bundler can drop `node` unevaluated, by the usual rules: literals,
 * names, functions and classes (whose name comes from the declaration, so they
 * stay as written), calls marked `@__PURE__` of such arguments, and templates,
 * arrays and objects of such parts.
 */
function droppable(node, code) {
  switch (node?.type) {
    case "Literal":
    case "Identifier":
    case "FunctionExpression":
    case "ArrowFunctionExpression":
    case "ClassExpression":
      return true;
    case "MemberExpression": // Object.defineProperty, Symbol.iterator, ...
      return !node.computed && node.object.type === "Identifier" && GLOBALS.has(node.object.name) && node.property.type === "Identifier";
    case "UnaryExpression":
      return node.operator !== "delete" && droppable(node.argument, code);
    case "TemplateLiteral":
      return node.expressions.every((e) => droppable(e, code));
    case "ArrayExpression":
      return node.elements.every((e) => e === null || droppable(e, code));
    case "ObjectExpression":
      return node.properties.every((p) => p.type === "Property" && (!p.computed || droppable(p.key, code)) && droppable(p.value, code));
    case "CallExpression":
    case "NewExpression":
      return /\/\*\s*[#@]__PURE__\s*\*\/\s*$/.test(code.slice(Math.max(0, node.start - 40), node.start)) && node.arguments.every((a) => droppable(a, code));
    default:
      return false;
  }
}

/** Whether evaluating `node` may assign, await or yield outside of the functions it holds (so it cannot move into a function). */
function writesOrSuspends(node) {
  let found = false;
  walk(node, (n) => {
    if (found || FUNCTIONS.has(n.type)) return false;
    if (n.type === "AssignmentExpression" || n.type === "UpdateExpression" || n.type === "AwaitExpression" || n.type === "YieldExpression" || (n.type === "UnaryExpression" && n.operator === "delete")) found = true;
    return !found;
  });
  return found;
}

/**
 * A package marked `"sideEffects": false` lets a bundler drop each of its
 * modules whose exports an app does not use, whatever the module's top level
 * does. Bundled, the modules share a file, and a bundler only drops what it
 * can prove pure, statement by statement: a table built by a call, or an
 * object that reads another module's export, would keep everything it names
 * in every app that loads the file. Such an initializer of a top-level
 * declaration (one the chunk reads: one nothing reads is kept for its effect)
 * is wrapped as `/* @__PURE__ *\/ (() => init)()`, which runs it in place, as
 * before, and lets a bundler drop it with its binding.
 */
function markPureDeclarations(code) {
  const ast = parseAst(code, { lang: "js" });
  const reads = new Map();
  walk(ast, (node, parent, key) => {
    if (node.type !== "Identifier") return;
    if ((parent?.type === "VariableDeclarator" && key === "id") || (parent?.type === "ExportSpecifier" && key === "exported") || (parent?.type === "ImportSpecifier" && key === "imported")) return;
    if ((parent?.type === "MemberExpression" || parent?.type === "PropertyDefinition" || parent?.type === "MethodDefinition") && key === "property" && !parent.computed) return;
    if ((parent?.type === "Property" || parent?.type === "PropertyDefinition" || parent?.type === "MethodDefinition") && key === "key" && !parent.computed && !parent.shorthand) return;
    reads.set(node.name, (reads.get(node.name) ?? 0) + 1);
  });
  const s = new RolldownMagicString(code);
  let wrapped = 0;
  for (const statement of ast.body) {
    const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
    if (declaration?.type !== "VariableDeclaration") continue;
    for (const d of declaration.declarations) {
      if (!d.init || d.id.type !== "Identifier" || !reads.get(d.id.name) || droppable(d.init, code) || writesOrSuspends(d.init)) continue;
      const object = d.init.type === "ObjectExpression";
      s.prependRight(d.init.start, object ? "/* @__PURE__ */ (() => (" : "/* @__PURE__ */ (() => ");
      s.appendLeft(d.init.end, object ? "))()" : ")()");
      wrapped++;
    }
  }
  return wrapped === 0 ? null : s;
}

const pureDeclarations = {
  name: "mrtr:pure-declarations",
  renderChunk(code) {
    const s = markPureDeclarations(code);
    return s && { code: s };
  },
};

/** Runs tsc for the declarations alongside the bundling. */
function declarations() {
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  return new Promise((done) => {
    const child = spawn(process.execPath, [tsc, "-p", "tsconfig.build.json", "--emitDeclarationOnly"], { cwd: pkgDir, stdio: "inherit" });
    child.on("close", (code) => done(code === 0));
  });
}

async function bundle(input) {
  const warnings = [];
  const build = await rolldown({
    cwd: pkgDir,
    input,
    // Nothing of a platform's: no defines, no built-in resolution; the output runs on Node, Bun, Deno, workerd and browsers as the source does.
    platform: "neutral",
    external: isExternal,
    // As the tsc output did: every module's top-level code runs when the module is imported (only unused code without effects goes).
    treeshake: { moduleSideEffects: true },
    transform: { target: "es2022" },
    // An entry module exports what its source exports, nothing more; shared code goes to chunks.
    preserveEntrySignatures: "strict",
    plugins: [importMetaUrl, ...(manifest.sideEffects === false ? [pureDeclarations] : [])],
    onLog(level, log) {
      if (level === "warn") warnings.push(log.message);
    },
  });
  try {
    await build.write({
      dir: join(pkgDir, DIST),
      format: "es",
      entryFileNames: "[name].js",
      chunkFileNames: "chunks/[name]-[hash].js",
      sourcemap: true,
      // Function and class names as written (`new.target.name`, stack traces), even where two modules' names met.
      keepNames: true,
      // The declarations carry the documentation; the JavaScript keeps only license and tree-shaking (@__PURE__) comments.
      comments: { legal: true, annotation: true, jsdoc: false },
    });
  } finally {
    await build.close();
  }
  if (warnings.length > 0) fail(`rolldown warned:\n${warnings.join("\n")}`);
}

const { input, bins } = entryPoints();
rmSync(join(pkgDir, DIST), { recursive: true, force: true });
const [typed] = await Promise.all([declarations(), bundle(input)]);
if (!typed) fail("tsc failed");
for (const bin of bins) chmodSync(bin, 0o755);
