/**
 * The built-in demo server the terminal client talks to when no URL is given.
 * It is an ordinary `@mrtr/server` with three tools, one per kind of
 * interaction the client knows how to show:
 *
 * - `archive_project`: one yes/no confirmation (a boolean form field);
 * - `register_for_conference`: a three-question wizard, each question built
 *   from the previous answers, whose forms together use every field kind of
 *   the draft's restricted form schema;
 * - `connect_calendar`: a URL-mode step (the kind used for OAuth, API keys,
 *   payments), whose out-of-band completion is simulated.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { userInfo } from "node:os";
import { createServer, inputRequired, type InputContext, type McpServer } from "@mrtr/server";
import { authInfoOf, principalOf } from "@mrtr/server/auth";
import { ConnectLinks } from "@mrtr/server/elicitation";

/** A form question, as `ctx.elicit` takes it. */
export type DemoForm = Parameters<InputContext["elicit"]>[1];
type ElicitResult = Awaited<ReturnType<InputContext["elicit"]>>;

/** The names of the demo server's tools. */
export const DEMO_TOOLS = {
  confirm: "archive_project",
  wizard: "register_for_conference",
  url: "connect_calendar",
  long: "build_report",
} as const;

/** Options of {@link createDemoServer}. */
export interface DemoServerOptions {
  /** Time each step of `build_report` takes, in ms (default 700). */
  reportStepMs?: number;
  /**
   * Secret sealing requestState (at least 32 bytes). Default: the environment
   * variable `MRTR_DEMO_SECRET`, else a random one for this process.
   */
  secret?: string;
  /** The user the demo serves (bound into connect links). Default: the OS user name. */
  principal?: string;
  /**
   * Simulated completion of the URL step: the connect page counts as finished
   * on this poll after the user's consent (default 2, so the client polls twice).
   */
  urlDoneAfterPolls?: number;
  /**
   * Called with the tool's name when a running tool stopped because its
   * signal aborted (the client cancelled), so a host's tests can see the
   * server side of a cancellation.
   */
  onCancelled?: (tool: string) => void;
}

/** The connect pages of `connect_calendar`: the real one, and a homograph to show the client's warnings. */
export const CONNECT_PAGES = {
  example: "https://calendar.example.com/connect",
  // "cаlendar" with a Cyrillic "а" (U+0430): looks like the real host, is not.
  lookalike: `https://${new URL("https://c\u0430lendar.example.com").host}/connect`,
} as const;

/** Turns one form answer into the `content` of an accepted answer, or undefined when the user declined or cancelled. */
function contentOf(answer: ElicitResult): Record<string, unknown> | undefined {
  return answer.action === "accept" ? (answer.content ?? {}) : undefined;
}

/** The text result of a tool. */
function say(text: string, structuredContent?: Record<string, unknown>) {
  return { content: [{ type: "text" as const, text }], ...(structuredContent && { structuredContent }) };
}

/** What the user did instead of answering, as a tool result. */
function stopped(answer: ElicitResult, what: string) {
  return say(answer.action === "decline" ? `You declined; ${what}.` : `Cancelled; ${what}.`);
}

/** Question 1 of the wizard: who, and how they attend. */
export function aboutYouForm(): DemoForm {
  return {
    message: "Register for MCP Conf 2026. First, who are you?",
    requestedSchema: {
      type: "object",
      properties: {
        name: { type: "string", title: "Your name", description: "As printed on your badge", minLength: 2, maxLength: 40 },
        email: { type: "string", title: "Email", description: "The confirmation goes here", format: "email" },
        attendance: {
          type: "string",
          title: "How will you attend?",
          oneOf: [
            { const: "in_person", title: "In person, in Lisbon" },
            { const: "online", title: "Online, on the live stream" },
          ],
          default: "in_person",
        },
        newsletter: { type: "boolean", title: "Subscribe to the newsletter", default: false },
      },
      required: ["name", "email", "attendance"],
    },
  };
}

/** Question 2: travel details in person, viewing details online. */
export function detailsForm(about: Record<string, unknown>): DemoForm {
  const name = String(about.name);
  if (about.attendance === "online") {
    return {
      message: `Thanks, ${name}! A few details about watching online.`,
      requestedSchema: {
        type: "object",
        properties: {
          day: { type: "string", title: "Which day will you watch live?", description: "The conference runs 14 to 16 September 2026", format: "date" },
          viewers: { type: "integer", title: "People watching with you", minimum: 0, maximum: 20, default: 0 },
          donation: { type: "number", title: "Donation to the speakers' fund (EUR)", minimum: 0, maximum: 500, default: 5 },
          platform: { type: "string", title: "Where will you watch?", enum: ["browser", "desktop app", "mobile app"] },
          captions: {
            type: "string",
            title: "Captions",
            enum: ["en", "pt", "fr", "none"],
            enumNames: ["English", "Portuguese", "French", "No captions"],
            default: "en",
          },
        },
        required: ["day", "platform"],
      },
    };
  }
  return {
    message: `Thanks, ${name}! A few travel details for Lisbon.`,
    requestedSchema: {
      type: "object",
      properties: {
        day: { type: "string", title: "Arrival date", description: "The day you arrive in Lisbon", format: "date" },
        nights: { type: "integer", title: "Hotel nights", description: "0 if you do not need a room", minimum: 0, maximum: 7, default: 2 },
        budget: { type: "number", title: "Hotel budget per night (EUR)", minimum: 40, maximum: 400, default: 120 },
        tshirt: { type: "string", title: "T-shirt size", enum: ["XS", "S", "M", "L", "XL"] },
        diet: {
          type: "string",
          title: "Dietary needs",
          enum: ["none", "vegetarian", "vegan", "gluten_free"],
          enumNames: ["No restrictions", "Vegetarian", "Vegan", "Gluten-free"],
          default: "none",
        },
      },
      required: ["day", "nights", "tshirt"],
    },
  };
}

/** Question 3: what to attend, from what the previous answers make possible. */
export function sessionsForm(about: Record<string, unknown>, details: Record<string, unknown>): DemoForm {
  const online = about.attendance === "online";
  const talks = ["Keynote: the stateless protocol", "Multi round-trip requests in practice", "Securing URL elicitation"];
  // A stay of three nights or more includes the third day's talk.
  if (!online && Number(details.nights) >= 3) talks.push("Day 3: scaling MCP servers");
  const workshops = online
    ? [
        { const: "qa", title: "Live Q&A with the maintainers" },
        { const: "clinic", title: "Remote code clinic" },
      ]
    : [
        { const: "lab", title: "Hands-on: build an MRTR server" },
        { const: "forms", title: "Designing good elicitation forms" },
        { const: "dinner", title: "Speakers' dinner" },
      ];
  return {
    message: online
      ? `You will watch on ${String(details.day)} on the ${String(details.platform)}. What would you like to follow?`
      : `You arrive on ${String(details.day)} for ${String(details.nights)} night(s). Pick your talks and workshops.`,
    requestedSchema: {
      type: "object",
      properties: {
        talks: { type: "array", title: "Talks", description: "One or two", minItems: 1, maxItems: 2, items: { type: "string", enum: talks } },
        workshops: {
          type: "array",
          title: "Workshops",
          description: "At most two",
          maxItems: 2,
          items: { anyOf: workshops },
          default: [workshops[0]!.const],
        },
        homepage: { type: "string", title: "Your homepage", description: "Listed on the attendee page", format: "uri" },
        reminder: { type: "string", title: "Remind me at", description: "e.g. 2026-09-14T08:30:00Z", format: "date-time" },
      },
      required: ["talks"],
    },
  };
}

/** The wizard tool's handler, re-run style: the handler runs from the top on every round. */
async function registerForConference(ctx: InputContext) {
  const first = await ctx.elicit("about", aboutYouForm());
  const about = contentOf(first);
  if (!about) return stopped(first, "you are not registered");
  const second = await ctx.elicit("details", detailsForm(about));
  const details = contentOf(second);
  if (!details) return stopped(second, "you are not registered");
  const third = await ctx.elicit("sessions", sessionsForm(about, details));
  const sessions = contentOf(third);
  if (!sessions) return stopped(third, "you are not registered");
  const registration = { ...about, ...details, ...sessions };
  const talks = (sessions.talks as string[]).join(", ");
  return say(
    `Registered ${String(about.name)} <${String(about.email)}> (${about.attendance === "online" ? "online" : "in person"}) for: ${talks}.`,
    registration,
  );
}

/** State of `connect_calendar` between rounds: the connect link made on the first round. */
interface ConnectState {
  id: string;
  url: string;
}

/** Waits `ms`, or rejects as soon as `signal` aborts (the client cancelled). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", stop, { once: true });
  });
}

/** The steps of `build_report`, each reported as progress. */
export const REPORT_STEPS = ["Collecting sources", "Reading issues", "Counting commits", "Scoring activity", "Drawing charts", "Writing summary"] as const;

/** Builds the demo server. */
export function createDemoServer(options: DemoServerOptions = {}): McpServer {
  // Long because the demo is read as a tour: every tool it offers is registered here, in the order the demo uses them.
  const secret = options.secret ?? process.env.MRTR_DEMO_SECRET ?? randomBytes(32).toString("base64url");
  const principal = options.principal ?? safeUserName();
  const doneAfterPolls = options.urlDoneAfterPolls ?? 2;
  // The connect page's key is separate from the requestState key.
  const links = { example: connectLinks(CONNECT_PAGES.example), lookalike: connectLinks(CONNECT_PAGES.lookalike) };
  // Simulated out-of-band progress: how often completion was checked, per connect link.
  const checks = new Map<string, number>();

  return createServer({
    name: "mrtr-demo",
    title: "mrtr demo server",
    version: "1.0.0",
    instructions: "A demo of multi round-trip requests (a confirmation, a three-question wizard, a URL-mode step) and of progress with cancellation (a long report).",
    requestState: { secrets: [secret] },
    // Behind protect (npm run demo -- --protected), the signed-in user; else the local one.
    principal: ({ request }) => principalOf(authInfoOf(request)) ?? principal,
  })
    .tool({
      name: DEMO_TOOLS.long,
      title: "Build a quarterly report",
      // Shown by every host (a terminal, a browser page): name no key, each host says how it cancels.
      description: "A long task that reports its progress; cancel the call while it runs to stop it.",
      inputSchema: { type: "object" },
      async handler(_args, ctx) {
        const stepMs = options.reportStepMs ?? 700;
        try {
          for (const [i, step] of REPORT_STEPS.entries()) {
            ctx.progress(i, REPORT_STEPS.length, `${step}…`);
            await pause(stepMs, ctx.signal); // stops at once when the client cancels
          }
        } catch (error) {
          if (ctx.signal.aborted) options.onCancelled?.(DEMO_TOOLS.long);
          throw error;
        }
        ctx.progress(REPORT_STEPS.length, REPORT_STEPS.length, "Done");
        return say(`Report built from ${REPORT_STEPS.length} steps.`);
      },
    })
    .tool({
      name: DEMO_TOOLS.confirm,
      title: "Archive a project",
      description: "Archives a project after asking you to confirm.",
      inputSchema: {
        type: "object",
        properties: { project: { type: "string", title: "Project", description: "The project to archive", default: "website-redesign" } },
      },
      async handler(args, ctx) {
        const project = typeof args.project === "string" && args.project !== "" ? args.project : "website-redesign";
        const answer = await ctx.elicit("confirm", {
          message: `Archive project "${project}"? Its 14 open tasks will be closed.`,
          requestedSchema: {
            type: "object",
            properties: { confirm: { type: "boolean", title: "Archive it", description: "This cannot be undone from here", default: false } },
            required: ["confirm"],
          },
        });
        if (answer.action !== "accept") return stopped(answer, `"${project}" is unchanged`);
        return answer.content?.confirm === true ? say(`Archived "${project}" and closed its 14 open tasks.`) : say(`Kept "${project}".`);
      },
    })
    .tool({
      name: DEMO_TOOLS.wizard,
      title: "Register for MCP Conf",
      description: "A three-question registration wizard; each question depends on the previous answers.",
      inputSchema: { type: "object" },
      handler: (_args, ctx) => registerForConference(ctx),
    })
    .tool({
      name: DEMO_TOOLS.url,
      title: "Connect your calendar",
      description: "Connects a calendar through a page in your browser (URL-mode elicitation). Pick 'lookalike' to see the client's phishing warnings.",
      inputSchema: {
        type: "object",
        properties: {
          provider: {
            type: "string",
            title: "Connect page",
            oneOf: [
              { const: "example", title: "calendar.example.com (genuine)" },
              { const: "lookalike", title: "A homograph of it (to show the warnings)" },
            ],
            default: "example",
          },
        },
      },
      async handler(args, ctx) {
        const provider = args.provider === "lookalike" ? "lookalike" : "example";
        const link = ctx.state as ConnectState | undefined;
        if (!link) {
          // First round: make a connect link bound to this user and to a fresh
          // elicitation id, and keep it in the sealed state so every later
          // round asks exactly the same question.
          const id = randomUUID();
          const url = await links[provider].createUrl({ principal: ctx.principal ?? principal, elicitationId: id, purpose: "calendar" });
          return inputRequired<ConnectState>({ inputRequests: { connect: urlRequest(url) }, state: { id, url } });
        }
        const answer = await ctx.elicitUrl("connect", urlParams(link.url), {
          // The connect page would record completion; here it is simulated.
          completed: () => {
            const n = (checks.get(link.id) ?? 0) + 1;
            checks.set(link.id, n);
            // Check 1 follows the consent; checks 2.. are the client's polls.
            const done = n > doneAfterPolls;
            if (done) checks.delete(link.id);
            return done;
          },
        });
        if (answer.action !== "accept") return stopped(answer, "no calendar is connected");
        return say(`Calendar connected (connect link ${link.id.slice(0, 8)}).`, { connected: true, provider });
      },
    });

  function connectLinks(baseUrl: string): ConnectLinks {
    return new ConnectLinks({ secret: randomBytes(32), baseUrl });
  }
}

/** The params of the URL step; `ctx.elicitUrl` and the first round must ask exactly the same. */
function urlParams(url: string) {
  return { message: "Sign in to your calendar provider and allow read access to your free/busy times.", url };
}

/** The URL-mode input request, as `ctx.elicitUrl` would build it. */
function urlRequest(url: string) {
  return { method: "elicitation/create" as const, params: { mode: "url" as const, ...urlParams(url) } };
}

/** The OS user name, or "demo-user" where it cannot be read. */
function safeUserName(): string {
  try {
    return userInfo().username || "demo-user";
  } catch {
    return "demo-user";
  }
}
