/**
 * The terminal client's demo server, driven by `createClient` with scripted
 * handlers instead of a terminal, so CI notices when the example stops working.
 */
import { describe, expect, it } from "vitest";
import { createClient, type FormHandler, type RoundEvent, type UrlHandler } from "@mrtr/client";
import { describeForm, inspectUrl } from "@mrtr/client/elicitation";
import { inProcessTransport } from "@mrtr/server";
import { CONNECT_PAGES, createDemoServer, DEMO_TOOLS } from "../src/demo-server.js";
import { progressListener } from "../src/progress.js";

const SECRET = "terminal-client-demo-test-secret-0123456789";

type FormParams = Parameters<FormHandler>[0];

/** A client of a fresh demo server; form questions are answered by `answers[key]`, in the order asked. */
function clientWith(form: FormHandler, url?: UrlHandler, onRound?: (e: RoundEvent) => void) {
  return createClient({
    transport: inProcessTransport(createDemoServer({ secret: SECRET, principal: "tester" })),
    name: "demo-test",
    version: "1",
    elicitation: { form, ...(url && { url }) },
    urlPolling: { intervalMs: 1 },
    ...(onRound && { onRound }),
  });
}

const text = (r: { content: unknown[] }) => (r.content[0] as { text: string }).text;

/** Answers the wizard as the script says, recording every form asked. */
function wizardScript(script: Record<string, Record<string, unknown>>) {
  const asked: { key: string; params: FormParams }[] = [];
  const form: FormHandler = async (params, info) => {
    asked.push({ key: info.key, params });
    const content = script[info.key];
    if (!content) throw new Error(`unexpected question ${info.key}`);
    return { action: "accept", content: content as Record<string, string> };
  };
  return { asked, form };
}

/** Every kind of field the draft's form schema allows, as the forms in `asked` use them. */
function fieldKinds(asked: { params: FormParams }[]): Set<string> {
  const kinds = new Set<string>();
  for (const { params } of asked) {
    for (const [name, raw] of Object.entries(params.requestedSchema.properties)) {
      const s = raw as Record<string, any>;
      const field = describeForm({ message: "", requestedSchema: { type: "object", properties: { [name]: raw } } }).fields[0]!;
      if (s.type === "string" && s.format) kinds.add(`string:${s.format}`);
      if (s.type === "string" && (s.minLength !== undefined || s.maxLength !== undefined)) kinds.add("string:length");
      if (s.type === "number" && s.minimum !== undefined && s.maximum !== undefined && s.default !== undefined) kinds.add("number:min-max-default");
      if (s.type === "integer") kinds.add("integer");
      if (s.type === "boolean") kinds.add("boolean");
      if (s.type === "string" && s.enum && !s.enumNames) kinds.add("select:enum");
      if (s.type === "string" && s.oneOf) kinds.add("select:oneOf");
      if (s.type === "string" && s.enumNames) kinds.add("select:enumNames");
      if (s.type === "array" && s.items.enum && (s.minItems !== undefined || s.maxItems !== undefined)) kinds.add("multiselect:enum");
      if (s.type === "array" && s.items.anyOf && (s.minItems !== undefined || s.maxItems !== undefined)) kinds.add("multiselect:anyOf");
      expect(field.kind).toBeDefined();
    }
  }
  return kinds;
}

const EVERY_KIND = [
  "string:email",
  "string:date",
  "string:uri",
  "string:length",
  "number:min-max-default",
  "integer",
  "boolean",
  "select:enum",
  "select:oneOf",
  "select:enumNames",
  "multiselect:enum",
  "multiselect:anyOf",
];

describe("the demo server's wizard", () => {
  it("asks three questions in person, each built from the previous answers, using every field kind", async () => {
    const { asked, form } = wizardScript({
      about: { name: "Ada", email: "ada@example.com", attendance: "in_person", newsletter: true },
      details: { day: "2026-09-14", nights: 3, budget: 150.5, tshirt: "M", diet: "vegan" },
      sessions: { talks: ["Day 3: scaling MCP servers"], workshops: ["lab", "forms"], homepage: "https://ada.example" },
    });
    const events: RoundEvent[] = [];
    const result = await clientWith(form, undefined, (e) => events.push(e)).callTool(DEMO_TOOLS.wizard);

    expect(asked.map((a) => a.key)).toEqual(["about", "details", "sessions"]);
    expect(asked[1]!.params.message).toContain("Ada");
    expect(asked[2]!.params.message).toContain("2026-09-14");
    // Three nights or more unlock the third day's talk.
    expect(JSON.stringify(asked[2]!.params.requestedSchema)).toContain("Day 3");
    expect(text(result)).toBe("Registered Ada <ada@example.com> (in person) for: Day 3: scaling MCP servers.");
    expect(result.structuredContent).toMatchObject({ nights: 3, budget: 150.5, diet: "vegan", workshops: ["lab", "forms"] });
    expect([...fieldKinds(asked)].sort()).toEqual([...EVERY_KIND, "string:date-time"].sort());
    expect(events.filter((e) => e.type === "input_required").map((e) => (e as { keys: string[] }).keys)).toEqual([["about"], ["details"], ["sessions"]]);
  });

  it("asks other questions online, and fills defaults the user left out", async () => {
    const { asked, form } = wizardScript({
      about: { name: "Grace", email: "grace@example.com", attendance: "online" },
      details: { day: "2026-09-15", platform: "browser" },
      sessions: { talks: ["Keynote: the stateless protocol"] },
    });
    const result = await clientWith(form).callTool(DEMO_TOOLS.wizard);
    expect(asked[1]!.params.message).toContain("watching online");
    expect(asked[2]!.params.message).toContain("browser");
    expect(result.structuredContent).toMatchObject({ newsletter: false, viewers: 0, donation: 5, captions: "en", workshops: ["qa"] });
    expect([...fieldKinds(asked)].sort()).toEqual([...EVERY_KIND, "string:date-time"].sort());
  });

  it("stops when a question is declined", async () => {
    const form: FormHandler = async (_params, info) =>
      info.key === "about" ? { action: "accept", content: { name: "Al", email: "al@example.com", attendance: "online" } } : { action: "decline" };
    const result = await clientWith(form).callTool(DEMO_TOOLS.wizard);
    expect(text(result)).toBe("You declined; you are not registered.");
  });
});

describe("the demo server's other tools", () => {
  it("archives a project only after a confirmation", async () => {
    const yes = await clientWith(async () => ({ action: "accept", content: { confirm: true } })).callTool(DEMO_TOOLS.confirm, { project: "apollo" });
    expect(text(yes)).toBe('Archived "apollo" and closed its 14 open tasks.');
    const no = await clientWith(async () => ({ action: "accept", content: {} })).callTool(DEMO_TOOLS.confirm);
    expect(text(no)).toBe('Kept "website-redesign".');
    const cancelled = await clientWith(async () => ({ action: "cancel" })).callTool(DEMO_TOOLS.confirm);
    expect(text(cancelled)).toBe('Cancelled; "website-redesign" is unchanged.');
  });

  it("completes the URL step after the user's consent and two polls", async () => {
    const urls: string[] = [];
    const lines: string[] = [];
    const consented = new Set<string>();
    const client = clientWith(
      async () => ({ action: "decline" }),
      async (params, info) => {
        urls.push(params.url);
        consented.add(info.key);
        return { action: "accept" };
      },
      progressListener((line) => lines.push(line), () => consented),
    );
    const result = await client.callTool(DEMO_TOOLS.url);
    expect(text(result)).toMatch(/^Calendar connected/);
    // Asked once: the polls repeat the consented question, which the client does not ask again.
    expect(urls).toHaveLength(1);
    expect(urls[0]!.startsWith(`${CONNECT_PAGES.example}?connect=`)).toBe(true);
    expect(inspectUrl(urls[0]!).warnings).toEqual([]);
    expect(lines.filter((l) => l.includes("not finished yet"))).toHaveLength(2);
    expect(lines.at(-1)).toBe("Done after 1 round of input.");
  });

  it("sends a lookalike connect page on request, which the client's inspection flags", async () => {
    let url = "";
    const client = clientWith(
      async () => ({ action: "decline" }),
      async (params) => {
        url = params.url;
        return { action: "decline" };
      },
    );
    const result = await client.callTool(DEMO_TOOLS.url, { provider: "lookalike" });
    expect(text(result)).toBe("You declined; no calendar is connected.");
    const codes = inspectUrl(url).warnings.map((w) => w.code);
    expect(codes).toContain("punycode");
    expect(codes).toContain("mixed-scripts");
  });
});

/**
 * Words only a terminal user can act on. The demo server's texts reach every
 * host (the terminal client, the browser page of examples/web-host), so each
 * host says in its own UI how to cancel (Ctrl+C, a Cancel button).
 */
const TERMINAL_ONLY = /\b(?:ctrl|control|cmd|alt|shift)\s*[+-]\s*\w|\^C\b|\bpress(?:ing)?\s+(?:the\s+)?(?:\w+\s+)?key|\b(?:escape|esc|enter|return)\s+key\b|\bkeyboard\b|\bterminal\b/i;

/** Every string inside `value`, however deep. */
function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (value !== null && typeof value === "object") for (const v of Object.values(value)) stringsIn(v, out);
  return out;
}

describe("the demo server's texts", () => {
  it("name no terminal key: instructions, tools, questions, progress and results fit a terminal and a browser alike", async () => {
    expect("press Ctrl+C while it runs").toMatch(TERMINAL_ONLY); // the pattern catches what it is for
    const texts: string[] = [];
    // The wizard runs twice, online then in person: their later questions differ.
    let wizardRuns = 0;
    const form: FormHandler = async (params, info) => {
      texts.push(...stringsIn(params));
      if (info.key === "about") wizardRuns++;
      const answers: Record<string, Record<string, unknown>> = {
        about: { name: "Ada", email: "ada@example.com", attendance: wizardRuns === 1 ? "online" : "in_person" },
        details: { day: "2026-09-14", nights: 3, tshirt: "M", platform: "browser" },
        sessions: { talks: ["Keynote: the stateless protocol"] },
        confirm: { confirm: true },
      };
      // Only the fields this question asks (the online and in-person details differ).
      const asked = Object.entries(answers[info.key] ?? {}).filter(([name]) => name in params.requestedSchema.properties);
      return { action: "accept", content: Object.fromEntries(asked) as Record<string, string> };
    };
    const url: UrlHandler = async (params) => (texts.push(...stringsIn(params)), { action: "accept" });
    const client = createClient({
      transport: inProcessTransport(createDemoServer({ secret: SECRET, principal: "tester", reportStepMs: 1 })),
      name: "texts-test",
      version: "1",
      elicitation: { form, url },
      urlPolling: { intervalMs: 1 },
    });
    const discovered = await client.discover();
    texts.push(...stringsIn(discovered.instructions), ...stringsIn(await client.listAllTools()));
    const calls: [string, Record<string, unknown>][] = [
      [DEMO_TOOLS.wizard, {}],
      [DEMO_TOOLS.wizard, {}],
      [DEMO_TOOLS.confirm, {}],
      [DEMO_TOOLS.url, {}],
      [DEMO_TOOLS.url, { provider: "lookalike" }],
      [DEMO_TOOLS.long, {}],
    ];
    for (const [tool, args] of calls) {
      const result = await client.callTool(tool, args, { onProgress: (p) => texts.push(...stringsIn(p.message)) });
      texts.push(...stringsIn(result.content));
    }
    // Every kind of text was seen: a tool description, a question, a URL step's message, a progress text.
    expect(texts.some((t) => t.startsWith("A long task"))).toBe(true);
    expect(texts.some((t) => t.includes("watching online"))).toBe(true);
    expect(texts.some((t) => t.includes("travel details"))).toBe(true);
    expect(texts.some((t) => t.includes("Sign in to your calendar provider"))).toBe(true);
    expect(texts.some((t) => t.startsWith("Collecting sources"))).toBe(true);
    expect(texts.filter((t) => TERMINAL_ONLY.test(t))).toEqual([]);
  });
});

describe("the demo's long task", () => {
  it("reports each step as progress and completes (steps longer than the rate limit, so none is merged)", async () => {
    const { createDemoServer: demo, REPORT_STEPS } = await import("../src/demo-server.js");
    const client = createClient({ transport: inProcessTransport(demo({ secret: SECRET, reportStepMs: 60 })), name: "t", version: "1" });
    const reports: number[] = [];
    const r = await client.callTool(DEMO_TOOLS.long, {}, { onProgress: (p) => reports.push(p.progress) });
    expect(text(r)).toContain("Report built");
    expect(reports).toEqual(Array.from({ length: REPORT_STEPS.length + 1 }, (_, i) => i));
  });

  it("stops when the call is cancelled, as the terminal client does on Ctrl+C, leaving nothing running", async () => {
    const { withProgress, CallCancelled } = await import("../src/call-progress.js");
    let server!: ReturnType<typeof createDemoServer>;
    const cancelled: string[] = [];
    const stopped = new Promise<void>((resolve) => {
      server = createDemoServer({ secret: SECRET, reportStepMs: 60_000, onCancelled: (tool) => (cancelled.push(tool), resolve()) });
    });
    const client = createClient({ transport: inProcessTransport(server), name: "t", version: "1" });
    const sink = Object.assign(new (await import("node:stream")).PassThrough(), { isTTY: false });
    const call = withProgress((o) =>
      client.callTool(DEMO_TOOLS.long, {}, {
        ...o,
        onProgress: (p) => {
          o.onProgress(p);
          process.emit("SIGINT"); // what Ctrl+C sends
        },
      }),
    sink);
    await expect(call).rejects.toBeInstanceOf(CallCancelled);
    expect(String(sink.read())).toContain("0%");
    expect(server.activity().requests).toBe(0);
    // The handler saw its signal abort, and said so through onCancelled.
    await stopped;
    expect(cancelled).toEqual([DEMO_TOOLS.long]);
  });

  it("draws figures and a percentage from each report", async () => {
    const { describeProgress, percentOf } = await import("../src/call-progress.js");
    expect(percentOf({ progress: 3, total: 6 })).toBe(50);
    expect(percentOf({ progress: 3 })).toBeUndefined();
    expect(describeProgress({ progress: 3, total: 6, message: "Scoring\u001b[2J activity" })).not.toContain("\u001b");
  });
});
