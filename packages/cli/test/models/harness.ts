/**
 * Round trips through generated models: each example is parsed with the
 * generated type of its folder's name and serialised back, by a small driver
 * in the language itself; the results come back as JSON Lines. Drivers find
 * the generated functions by name (`<type>_from_dict`, `Convert.to<Type>`,
 * `Unmarshal<Type>`, `Converter.<Type>FromJsonString`), so a type the models
 * do not have is reported as missing rather than guessed.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import type { GeneratedFile } from "../../src/models/generate.js";

export interface Case {
  /** The schema type (the example's folder). */
  type: string;
  /** `Type/name.json`. */
  file: string;
  value: unknown;
}

/** What came back for one case. */
export type Outcome = { value: unknown } | { error: string } | { missing: true };

export function writeFiles(dir: string, files: GeneratedFile[]): void {
  for (const f of files) {
    const path = join(dir, f.path);
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, f.content);
  }
}

const input = (cases: Case[]) => cases.map((c) => JSON.stringify({ type: c.type, value: c.value })).join("\n") + "\n";

function runDriver(command: string, args: string[], cwd: string, cases: Case[], env: NodeJS.ProcessEnv = {}): Outcome[] {
  const r = spawnSync(command, args, { cwd, input: input(cases), encoding: "utf8", maxBuffer: 256 * 1024 * 1024, env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${r.status}):\n${r.stderr}`);
  return r.stdout.trim().split("\n").map((l) => JSON.parse(l) as Outcome);
}

/** Whether a command runs (`cmd --version`-style probe). */
export function has(command: string, args: string[] = ["--version"]): boolean {
  return spawnSync(command, args, { stdio: "ignore" }).status === 0;
}

const PYTHON_DRIVER = `import json, sys, traceback
import mcp_models as m
fns = {name[: -len("_from_dict")].replace("_", "").lower(): name[: -len("_from_dict")] for name in dir(m) if name.endswith("_from_dict") and name != "from_dict"}
for line in sys.stdin:
    case = json.loads(line)
    base = fns.get(case["type"].lower())
    if base is None or not hasattr(m, base + "_to_dict"):
        print(json.dumps({"missing": True}))
        continue
    try:
        value = getattr(m, base + "_to_dict")(getattr(m, base + "_from_dict")(case["value"]))
        print(json.dumps({"value": value}))
    except Exception as e:
        print(json.dumps({"error": type(e).__name__ + ": " + str(e)[:200]}))
`;

export function pythonRoundTrip(dir: string, cases: Case[]): Outcome[] {
  writeFileSync(join(dir, "driver.py"), PYTHON_DRIVER);
  return runDriver("python3", ["driver.py"], dir, cases, { PYTHONDONTWRITEBYTECODE: "1" });
}

/** Type-checks the generated TypeScript under the repository's strict options; returns the diagnostics. */
export function typescriptDiagnostics(file: string): string[] {
  const program = ts.createProgram([file], { strict: true, noUncheckedIndexedAccess: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, noEmit: true, skipLibCheck: true, types: [] });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

export async function typescriptRoundTrip(dir: string, cases: Case[]): Promise<Outcome[]> {
  const source = ts.sys.readFile(join(dir, "mcp-models.ts"))!;
  const js = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
  const out = join(dir, "mcp-models.mjs");
  writeFileSync(out, js);
  const { Convert } = (await import(/* @vite-ignore */ pathToFileURL(out).href)) as { Convert: Record<string, (x: unknown) => unknown> };
  const names = Object.getOwnPropertyNames(Convert);
  return cases.map((c) => {
    const to = names.find((n) => n.toLowerCase() === `to${c.type}`.toLowerCase());
    const back = names.find((n) => n.toLowerCase() === `${c.type}ToJson`.toLowerCase());
    if (!to || !back) return { missing: true };
    try {
      return { value: JSON.parse(Convert[back]!(Convert[to]!(JSON.stringify(c.value))) as string) };
    } catch (e) {
      return { error: String((e as Error).message).slice(0, 200) };
    }
  });
}

export function goRoundTrip(dir: string, source: string, cases: Case[]): Outcome[] {
  const funcs = [...source.matchAll(/^func Unmarshal(\w+)\(data \[\]byte\)/gm)].map((m) => m[1]!);
  const types = [...new Set(cases.map((c) => c.type))];
  const arms = types
    .map((t) => [t, funcs.find((f) => f.toLowerCase() === t.toLowerCase())] as const)
    .filter(([, f]) => f)
    .map(([t, f]) => `\tcase ${JSON.stringify(t)}:\n\t\tv, err := Unmarshal${f}(data)\n\t\tif err != nil {\n\t\t\treturn nil, err\n\t\t}\n\t\treturn v.Marshal()`);
  writeFileSync(join(dir, "go.mod"), "module roundtrip\n\ngo 1.19\n");
  writeFileSync(
    join(dir, "driver.go"),
    `package main

import (
\t"bufio"
\t"encoding/json"
\t"errors"
\t"fmt"
\t"os"
)

var errMissing = errors.New("missing")

func roundTrip(t string, data []byte) ([]byte, error) {
\tswitch t {
${arms.join("\n")}
\t}
\treturn nil, errMissing
}

func main() {
\tsc := bufio.NewScanner(os.Stdin)
\tsc.Buffer(make([]byte, 1<<20), 1<<26)
\tfor sc.Scan() {
\t\tvar in struct {
\t\t\tType  string
\t\t\tValue json.RawMessage
\t\t}
\t\tif err := json.Unmarshal(sc.Bytes(), &in); err != nil {
\t\t\tpanic(err)
\t\t}
\t\tout, err := roundTrip(in.Type, in.Value)
\t\tswitch {
\t\tcase err == errMissing:
\t\t\tfmt.Println(\`{"missing":true}\`)
\t\tcase err != nil:
\t\t\tmsg, _ := json.Marshal(err.Error())
\t\t\tfmt.Printf("{\\"error\\":%s}\\n", msg)
\t\tdefault:
\t\t\tfmt.Printf("{\\"value\\":%s}\\n", out)
\t\t}
\t}
}
`,
  );
  const env = { GOFLAGS: "-mod=mod", GOCACHE: join(dir, ".gocache"), GOPATH: join(dir, ".gopath"), CGO_ENABLED: "0" };
  execFileSync("go", ["build", "-o", "roundtrip", "."], { cwd: dir, env: { ...process.env, ...env }, stdio: "pipe" });
  return runDriver(join(dir, "roundtrip"), [], dir, cases);
}

/** The Jackson jars Debian's libjackson2-databind-java installs, when present. */
export function jacksonClasspath(): string | undefined {
  const jars = ["jackson-databind", "jackson-core", "jackson-annotations"].map((j) => `/usr/share/java/${j}.jar`);
  return jars.every((j) => existsSync(j)) ? jars.join(":") : undefined;
}

export function javaRoundTrip(dir: string, pkg: string, files: GeneratedFile[], cases: Case[], classpath: string): Outcome[] {
  const converter = files.find((f) => f.path.endsWith("Converter.java"))!.content;
  const funcs = [...converter.matchAll(/public static .+? (\w+)FromJsonString\(String json\)/g)].map((m) => m[1]!);
  const types = [...new Set(cases.map((c) => c.type))];
  const arms = types
    .map((t) => [t, funcs.find((f) => f.toLowerCase() === t.toLowerCase())] as const)
    .filter(([, f]) => f)
    .map(([t, f]) => `            case ${JSON.stringify(t)}: return Converter.${f}ToJsonString(Converter.${f}FromJsonString(json));`);
  const pkgDir = join(dir, ...pkg.split("."));
  writeFileSync(
    join(pkgDir, "RoundTrip.java"),
    `package ${pkg};

import java.io.*;
import com.fasterxml.jackson.databind.*;

public class RoundTrip {
    static String roundTrip(String type, String json) throws Exception {
        switch (type) {
${arms.join("\n")}
            default: return null;
        }
    }

    public static void main(String[] args) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
        for (String line; (line = in.readLine()) != null; ) {
            JsonNode c = mapper.readTree(line);
            try {
                String back = roundTrip(c.get("type").asText(), mapper.writeValueAsString(c.get("value")));
                out.println(back == null ? "{\\"missing\\":true}" : "{\\"value\\":" + back + "}");
            } catch (Exception e) {
                out.println("{\\"error\\":" + mapper.writeValueAsString(String.valueOf(e)) + "}");
            }
        }
    }
}
`,
  );
  const sources = [...files.map((f) => join(dir, f.path)), join(pkgDir, "RoundTrip.java")];
  execFileSync("javac", ["-nowarn", "-encoding", "UTF-8", "-d", join(dir, "classes"), "-cp", classpath, ...sources], { cwd: dir, stdio: "pipe" });
  return runDriver("java", ["-cp", `${join(dir, "classes")}:${classpath}`, `${pkg}.RoundTrip`], dir, cases);
}
