/**
 * `npm run bench` (validate): messages per second validating the example
 * corpus (`schema/examples*`, valid and invalid measured apart) with
 *   - ours: `schemas[Type].safeParse` from `@mrtr/zod`, and beside it the same
 *     from `@mrtr/zod/mini` (the zod/mini flavour);
 *   - ajv 8 (Ajv2020 + ajv-formats) compiled from `packages/schema/schema.json`
 *     (core projection, the language `@mrtr/zod` implements);
 *   - the official SDK's hand-written zod schemas (`@modelcontextprotocol/core`),
 *     on the messages of the types both cover (mapping in lib/official-sdk.ts).
 * Every contender runs over the same messages: the core language's, i.e. the
 * examples of the types `@mrtr/zod` covers, less the valid examples only the full
 * protocol accepts (they carry sampling or roots). Prints figures and ratios
 * beside their targets; asserts nothing.
 *
 * Knobs: BENCH_WARMUP_MS (300), BENCH_MS (300, per validator per round),
 * BENCH_ROUNDS (5), BENCH_AJV_ALL_ERRORS=1 (ajv collects every error),
 *
 * Besides the corpus, hostile invalid messages (lib/hostile.ts), each
 * measured alone: ~1 MB of nulls in a JSON-value position; a 2,000-tool
 * result whose `_meta` breaks every member of the ServerResult union; a
 * 10,000-block tool result broken in its last block (a union that fails
 * only after a walk).
 * BENCH_BY_TYPE=N (also list the N types where ours trails ajv most, valid messages).
 */
import { availableParallelism, loadavg } from "node:os";
import { schemas } from "@mrtr/zod";
import { schemas as miniSchemas } from "@mrtr/zod/mini";
import { ajvAllErrors, ajvChecks } from "./lib/ajv.js";
import { type Corpus, loadCorpus, type Message, only, typesOf } from "./lib/corpus.js";
import { type Case, type Check, consumed, type Plan, race } from "./lib/measure.js";
import { officialChecks } from "./lib/official-sdk.js";
import { hostileMessages } from "./lib/hostile.js";

const plan: Plan = {
  warmupMs: Number(process.env.BENCH_WARMUP_MS ?? 300),
  ms: Number(process.env.BENCH_MS ?? 300),
  rounds: Number(process.env.BENCH_ROUNDS ?? 5),
};

interface SafeParser {
  safeParse(data: unknown): { success: boolean };
}
const checksOf = (validators: object) =>
  new Map<string, Check>(Object.entries(validators as Record<string, SafeParser>).map(([type, schema]) => [type, (data) => schema.safeParse(data).success]));
const ours = checksOf(schemas);
const mini = checksOf(miniSchemas);

const all = (c: Corpus) => [...c.valid, ...c.invalid];
const everything = loadCorpus();
const ofCoreTypes = only(everything, (type) => ours.has(type));
const hostile = hostileMessages();
const ajv = ajvChecks(new Set([...all(ofCoreTypes), ...hostile].map((m) => m.type)));
const corpus: Corpus = { valid: ofCoreTypes.valid.filter((m) => ajv.get(m.type)!(m.data)), invalid: ofCoreTypes.invalid };
const official = officialChecks();
const common = only(corpus, (type) => official.has(type));

const cases = (checks: Map<string, Check>, messages: readonly Message[]): Case[] =>
  messages.map((m) => ({ check: checks.get(m.type)!, data: m.data }));

// --- what is measured -------------------------------------------------------

const notCore = all(everything).filter((m) => !ours.has(m.type));
const fullOnly = ofCoreTypes.valid.length - corpus.valid.length;
const describe = (c: Corpus) => `${c.valid.length} valid + ${c.invalid.length} invalid messages of ${typesOf(all(c))} types`;
console.log(
  `validate: corpus ${describe(corpus)} (skipped: ${notCore.length} examples of ${typesOf(notCore)} types @mrtr/zod does not cover, ` +
    `${fullOnly} valid examples only the full protocol accepts)`,
);
console.log(`validate: common with the official SDK: ${describe(common)}`);

/** How often a validator agrees with the corpus: a slow path taken by mistake would skew its figure. */
function misjudged(checks: Map<string, Check>, c: Corpus): Message[] {
  return [...c.valid.filter((m) => !checks.get(m.type)!(m.data)), ...c.invalid.filter((m) => checks.get(m.type)!(m.data))];
}
function verdicts(checks: Map<string, Check>, c: Corpus): string {
  const wrong = new Set(misjudged(checks, c));
  const accepted = c.valid.filter((m) => !wrong.has(m)).length;
  const rejected = c.invalid.filter((m) => !wrong.has(m)).length;
  return `${accepted}/${c.valid.length} valid accepted, ${rejected}/${c.invalid.length} invalid rejected`;
}
console.log(`verdicts: ours ${verdicts(ours, corpus)} | zod/mini ${verdicts(mini, corpus)} | ajv ${verdicts(ajv, corpus)}`);
const hostileWrong = hostile.filter((m) => ours.get(m.type)!(m.data) || ajv.get(m.type)!(m.data)).map((m) => m.file);
console.log(`verdicts (hostile): ${hostile.length - hostileWrong.length}/${hostile.length} refused by both${hostileWrong.length ? `; accepted: ${hostileWrong.join(", ")}` : ""}`);
const oursWrong = misjudged(ours, corpus);
if (oursWrong.length > 0) console.log(`verdicts: ours misjudges ${oursWrong.map((m) => m.file.replace(/^schema\//, "")).join(", ")}`);
console.log(`verdicts (common): ours ${verdicts(ours, common)} | official ${verdicts(official, common)}`);
console.log(
  `timing: warm-up ${plan.warmupMs} ms, then median of ${plan.rounds} alternating rounds of ${plan.ms} ms per validator` +
    `; ajv allErrors ${ajvAllErrors ? "on" : "off (default)"}; wall clock, ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)}`,
);

// --- measure and report -----------------------------------------------------

const rate = (perSecond: number): string =>
  perSecond >= 1e6 ? `${(perSecond / 1e6).toFixed(2)}M msg/s` : perSecond >= 1e4 ? `${(perSecond / 1e3).toFixed(0)}k msg/s` : `${perSecond.toFixed(0)} msg/s`;

function compare(label: string, theirName: string, ourChecks: Map<string, Check>, theirChecks: Map<string, Check>, messages: readonly Message[], target?: number): void {
  if (messages.length === 0) {
    console.log(`${label}: no messages`);
    return;
  }
  const r = race({ ours: cases(ourChecks, messages), mini: cases(mini, messages), theirs: cases(theirChecks, messages) }, plan);
  const ratio = r.ours / r.theirs;
  const goal = target === undefined ? "" : ` (target ≥ ${target.toFixed(2)}x: ${ratio >= target ? "met" : "missed"})`;
  console.log(
    `${label}: ours ${rate(r.ours)} (zod/mini ${rate(r.mini)}) | ${theirName} ${rate(r.theirs)} | ratio ${ratio.toFixed(2)}x (zod/mini ${(r.mini / r.theirs).toFixed(2)}x)${goal}`,
  );
}

compare("validate valid            ", "ajv", ours, ajv, corpus.valid, 0.9);
compare("validate invalid          ", "ajv", ours, ajv, corpus.invalid, 0.5);
for (const m of hostile) compare(`hostile: ${m.file.padEnd(17)}`, "ajv", ours, ajv, [m], 0.5);
compare("validate valid   (common) ", "official", ours, official, common.valid, 1.0);
compare("validate invalid (common) ", "official", ours, official, common.invalid, 1.0);
// --- optional: where ours trails ajv most --------------------------------------

const byType = Number(process.env.BENCH_BY_TYPE ?? 0);
if (byType > 0) {
  const quick: Plan = { warmupMs: 20, ms: 50, rounds: 1 };
  const rows = [...new Set(corpus.valid.map((m) => m.type))].map((type) => {
    const messages = corpus.valid.filter((m) => m.type === type);
    const r = race({ ours: cases(ours, messages), ajv: cases(ajv, messages) }, quick);
    return { type, ...r, ratio: r.ours / r.ajv };
  });
  rows.sort((a, b) => a.ratio - b.ratio);
  console.log(`by type (valid, ${quick.ms} ms each; the ${byType} lowest ours/ajv):`);
  for (const row of rows.slice(0, byType)) {
    console.log(`  ${row.type.padEnd(40)} ours ${rate(row.ours).padStart(13)} | ajv ${rate(row.ajv).padStart(13)} | ratio ${row.ratio.toFixed(2)}x`);
  }
}
if (consumed() < 0) console.log(""); // keeps every result observable
