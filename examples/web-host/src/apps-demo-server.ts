/**
 * The apps demo server: a trip planner whose tool shows an interactive view
 * (MCP Apps, `io.modelcontextprotocol/ui`) in hosts that render views, and
 * a text summary everywhere.
 *
 * - `plan_trip` (model and view): plans a few days in a city; a text summary
 *   for every host and the model, and `structuredContent` for the view;
 * - `suggest_stop` (view only, `visibility: ["app"]`): one more stop, asked
 *   by the view's button; hosts that filter hide it from the model;
 * - `trips://packing-list`: a plain text resource the view reads through
 *   the host (`resources/read`);
 * - `ui://trips/planner`: the view (trip-view.ts).
 */
import { randomBytes } from "node:crypto";
import { appView } from "@mrtr/apps/server";
import { createServer, type McpServer } from "@mrtr/server";
import { CITIES, extraStop, MAX_DAYS, PACKING_LIST, planOf, type City } from "./trip-data.js";
import { SUGGEST_TOOL, TRIP_VIEW_HTML, TRIP_VIEW_URI } from "./trip-view.js";

/** The names of the apps demo server's tools. */
export const APPS_DEMO_TOOLS = { plan: "plan_trip", suggest: SUGGEST_TOOL } as const;

/** The `city` argument: one of the known cities, by key. */
const CITY_ARGUMENT = {
  type: "string",
  title: "City",
  oneOf: Object.values(CITIES).map((c) => ({ const: c.key, title: c.name })),
  default: "lisbon",
} as const;

/** The city of `key`, or the first one (the schema already refused unknown keys). */
const cityOf = (key: unknown): City => CITIES[String(key)] ?? CITIES.lisbon!;

/** `plan_trip`'s result: one line per day, and the same as structured content for the view. */
function planResult(args: { city?: string; days?: number }) {
  const city = cityOf(args.city);
  const days = Math.min(Math.max(Math.trunc(args.days ?? 3), 1), MAX_DAYS);
  const plan = planOf(city, days);
  const text = `${days} days in ${city.name}: ${plan.map((p) => `day ${p.day}, ${p.stop}`).join("; ")}.`;
  return { content: [{ type: "text" as const, text }], structuredContent: { city: city.key, cityName: city.name, days, plan } };
}

/** `suggest_stop`'s result: one more stop for a day of the plan. */
function suggestResult(args: { city?: string; day?: number; n?: number }) {
  const city = cityOf(args.city);
  const day = Math.max(1, Math.trunc(args.day ?? 1));
  const stop = extraStop(city, Math.trunc(args.n ?? 0));
  return { content: [{ type: "text" as const, text: `Day ${day}: ${stop}` }], structuredContent: { day, stop } };
}

/** A new trip planner server. */
export function createAppsDemoServer(): McpServer {
  const server = createServer({
    name: "trip-planner",
    version: "1.0.0",
    title: "Trip planner (MCP Apps demo)",
    // No tool here asks the user anything, so no request state outlives this process: a key of its own is enough.
    requestState: { secrets: [randomBytes(32).toString("base64url")] },
  });
  server.resource({
    uri: PACKING_LIST.uri,
    name: "Packing list",
    description: "What to pack for any of the planned trips",
    mimeType: "text/plain",
    handler: () => ({ contents: [{ uri: PACKING_LIST.uri, mimeType: "text/plain", text: PACKING_LIST.text }] }),
  });
  appView(server, { uri: TRIP_VIEW_URI, name: "Trip planner", description: "An itinerary with stops to add, a packing list and the city's guide", html: TRIP_VIEW_HTML, prefersBorder: true })
    .tool<{ city?: string; days?: number }>({
      name: APPS_DEMO_TOOLS.plan,
      title: "Plan a trip",
      description: "Plans a few days in a city, one stop a day; hosts that render views show the plan as an interactive planner.",
      inputSchema: {
        type: "object",
        properties: { city: CITY_ARGUMENT, days: { type: "integer", title: "Days", minimum: 1, maximum: MAX_DAYS, default: 3 } },
      },
      handler: planResult,
    })
    .tool<{ city?: string; day?: number; n?: number }>({
      name: APPS_DEMO_TOOLS.suggest,
      title: "Suggest a stop",
      description: "Serves the trip planner view: suggests one more stop for a day of the plan.",
      visibility: ["app"],
      inputSchema: {
        type: "object",
        properties: { city: { type: "string" }, day: { type: "integer", minimum: 1 }, n: { type: "integer", minimum: 0 } },
        required: ["city", "day"],
      },
      handler: suggestResult,
    });
  return server;
}
