/**
 * The languages `mrtr models` writes, with the quicktype options that keep
 * absent fields absent and present ones present (an empty capability object
 * such as `"elicitation": {}` means something in MCP), and the fixes applied
 * to quicktype's output where an option does not reach. Kotlin (Jackson,
 * NON_NULL), C# (WhenWritingNull) and Swift (Codable's encodeIfPresent) leave
 * absent fields out as generated.
 */

/** The languages `mrtr models` writes, by the name `--lang` takes. */
export const LANGUAGES = ["python", "typescript", "go", "rust", "java", "kotlin", "swift", "csharp"] as const;
/** One of {@link LANGUAGES}. */
export type Language = (typeof LANGUAGES)[number];

export interface LanguageSpec {
  /** quicktype's name of the language. */
  quicktype: Language;
  /** The file written (single-file languages), or the folder under the output for the package path (Java). */
  file: string;
  /** Line-comment opener for the header. */
  comment: string;
  /** quicktype renderer options; `pkg` is the --package value. */
  options(pkg: string | undefined): Record<string, string | boolean>;
  /** The default of --package, where the language has packages. */
  defaultPackage?: string;
  /** One file per type (quicktype's multi-file output). */
  multiFile?: boolean;
  /** Fixes to quicktype's output, file by file. */
  fix?(name: string, text: string): string;
}

/**
 * Go: with `omit-empty`, an optional map or slice that is present but empty
 * (`"roots": {}`, `"default": []`) would be dropped on output. Such fields
 * become pointers: nil when absent, an empty value when present.
 */
function goPointers(text: string): string {
  return text.replace(/^(\t\w+\s+)((?:map\[[^\]]+\]|\[\])[^\s`]*)(\s+`json:"[^"]*,omitempty"`)/gm, (_m, field: string, type: string, tag: string) => `${field}*${type}${tag}`);
}

/**
 * Java: Jackson writes absent optional fields as `null` unless told not to
 * (the serialisation inclusion is set to NON_NULL); and some Jackson builds
 * declare `IOException` on `writeValueAsString`, so the writers declare it.
 */
function javaConverter(name: string, text: string): string {
  if (name !== "Converter.java") return text;
  return text
    .replaceAll(
      "mapper.configure(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS, false);",
      "mapper.configure(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS, false);\n        mapper.setSerializationInclusion(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL);",
    )
    .replaceAll(") throws JsonProcessingException {", ") throws IOException {");
}

export const LANGUAGE_SPECS: Readonly<Record<Language, LanguageSpec>> = {
  python: { quicktype: "python", file: "mcp_models.py", comment: "#", options: () => ({ "python-version": "3.7" }) },
  typescript: { quicktype: "typescript", file: "mcp-models.ts", comment: "//", options: () => ({}) },
  go: { quicktype: "go", file: "mcp_models.go", comment: "//", defaultPackage: "mcp", options: (pkg) => ({ package: pkg ?? "mcp", "omit-empty": true }), fix: (_n, t) => goPointers(t) },
  rust: { quicktype: "rust", file: "mcp_models.rs", comment: "//", options: () => ({ "skip-serializing-none": true, "derive-partial-eq": true }) },
  java: { quicktype: "java", file: "", comment: "//", defaultPackage: "mcp.models", multiFile: true, options: (pkg) => ({ package: pkg ?? "mcp.models" }), fix: javaConverter },
  kotlin: { quicktype: "kotlin", file: "McpModels.kt", comment: "//", defaultPackage: "mcp.models", options: (pkg) => ({ package: pkg ?? "mcp.models", framework: "jackson" }) },
  swift: { quicktype: "swift", file: "McpModels.swift", comment: "//", options: () => ({}) },
  csharp: { quicktype: "csharp", file: "McpModels.cs", comment: "//", defaultPackage: "Mcp.Models", options: (pkg) => ({ namespace: pkg ?? "Mcp.Models", framework: "SystemTextJson" }) },
};
