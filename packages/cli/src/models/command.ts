/**
 * `mrtr models --lang L -o DIR`: writes model types for another language,
 * generated from the installed `@mrtr/schema/schema.json` with quicktype-core,
 * into DIR, and says how long generation took.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { choice, parse } from "../args.js";
import type { CommandContext } from "../context.js";
import { EXIT_OK, EXIT_USAGE, UsageError, type ExitCode } from "../exit-codes.js";
import type { SchemaDocument } from "../validate/schema-json.js";
import { generateModels } from "./generate.js";
import { LANGUAGES, LANGUAGE_SPECS } from "./languages.js";

export const MODELS_HELP = `Usage: mrtr models --lang LANG -o DIR [options]

Generates model types for the Model Context Protocol draft (2026-07-28) from
@mrtr/schema's schema.json with quicktype-core, into DIR (created if needed;
generated files there are overwritten). LANG is one of:
  ${LANGUAGES.join(", ")}

quicktype merges unions of object types into one class: ContentBlock,
InputRequest, InputResponse, JSONRPCMessage and the other discriminated unions
are not modelled as such. Validate messages against schema.json (mrtr validate)
before trusting them to these types. Absent optional fields stay absent on
output, and empty objects stay (Go: optional maps and slices are pointers;
Java and Kotlin: Jackson NON_NULL; Rust: skip_serializing_none).

Options:
  --lang LANG           the target language (required)
  -o, --out DIR         the output folder (required)
  --core                leave out the deprecated sampling, roots and logging
  --package NAME        package or namespace (go: mcp, java and kotlin:
                        mcp.models, csharp: Mcp.Models)
  --schema FILE         generate from this schema.json instead of the
                        installed @mrtr/schema one
  -h, --help            this help
`;

export async function modelsCommand(argv: string[], ctx: CommandContext): Promise<ExitCode> {
  const { values, positionals } = parse("models", argv, {
    lang: { type: "string" },
    out: { type: "string", short: "o" },
    core: { type: "boolean" },
    package: { type: "string" },
    schema: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    await ctx.stdout.write(MODELS_HELP);
    return EXIT_OK;
  }
  if (positionals.length > 0) throw new UsageError(`mrtr models takes no FILE arguments (got ${positionals.join(" ")}). See \`mrtr models --help\`.`);
  if (values.lang === undefined) throw new UsageError(`--lang is required: one of ${LANGUAGES.join(", ")}`);
  const lang = choice("lang", values.lang, LANGUAGES, "python");
  if (values.out === undefined) throw new UsageError("-o DIR is required: the folder to write the models into");
  if (values.package !== undefined && LANGUAGE_SPECS[lang].defaultPackage === undefined) throw new UsageError(`--package applies to go, java, kotlin and csharp, not ${lang}`);
  if (values.package !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(values.package)) {
    throw new UsageError(`--package ${JSON.stringify(values.package)} is not a package name (letters, digits, _ and dots)`);
  }
  let schema: SchemaDocument | undefined;
  if (values.schema !== undefined) {
    try {
      schema = JSON.parse(await readFile(values.schema, "utf8")) as SchemaDocument;
    } catch (error) {
      await ctx.stderr.write(`mrtr: cannot read --schema ${values.schema}: ${(error as Error).message}\n`);
      return EXIT_USAGE;
    }
    if (!schema || typeof schema !== "object" || typeof schema.$defs !== "object") {
      await ctx.stderr.write(`mrtr: --schema ${values.schema} has no $defs: not a schema.json of the protocol\n`);
      return EXIT_USAGE;
    }
  }

  const result = await generateModels({ lang, core: values.core === true, ...(values.package !== undefined && { package: values.package }), ...(schema && { schema }) });
  const out = resolve(values.out);
  try {
    for (const file of result.files) {
      const path = join(out, file.path);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, file.content);
    }
  } catch (error) {
    await ctx.stderr.write(`mrtr: cannot write to ${values.out}: ${(error as Error).message}\n`);
    return EXIT_USAGE;
  }
  const lines = result.files.reduce((n, f) => n + f.content.split("\n").length, 0);
  const where = result.files.length === 1 ? join(values.out, result.files[0]!.path) : `${result.files.length} files in ${values.out}`;
  await ctx.stdout.write(`${lang}: wrote ${where} (${lines} lines) in ${Math.round(result.ms)} ms (+${Math.round(result.loadMs)} ms loading quicktype)\n`);
  return EXIT_OK;
}
