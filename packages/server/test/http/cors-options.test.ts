/**
 * A CORS policy that cannot be right is refused where it is passed, by
 * `createHttpHandler` and by `cors` alike, with an error naming the option.
 */
import { describe, expect, it } from "vitest";
import { cors, CORS_LIMITS, createHttpHandler, type CorsOptions } from "@mrtr/server";
import { server } from "../helpers.js";

const inner = async () => new Response(null, { status: 204 });

/** Both ways of configuring CORS, each given `options`. */
const configure: [string, (options: CorsOptions) => unknown][] = [
  ["createHttpHandler", (options) => createHttpHandler(server(), { cors: options })],
  ["cors", (options) => cors(inner, options)],
];

describe.each(configure)("%s refuses at configuration", (_name, make) => {
  it('credentials with origins ["*"]: a TypeError naming cors.credentials', () => {
    expect(() => make({ origins: ["*"], credentials: true })).toThrow(TypeError);
    expect(() => make({ origins: ["*"], credentials: true })).toThrow(/cors\.credentials .*\["\*"\].*list the origins/);
  });

  it('"*" beside other origins', () => {
    expect(() => make({ origins: ["*", "https://app.example.com"] })).toThrow(/cors\.origins: "\*" stands alone/);
  });

  it('"null" as an origin', () => {
    expect(() => make({ origins: ["null"] })).toThrow(/cors\.origins cannot allow "null"/);
  });

  it.each(["https://app.example.com/", "https://app.example.com/mcp", "app.example.com", "ftp://app.example.com", "*.example.com", ""])("an entry that is no origin: %j", (entry) => {
    expect(() => make({ origins: [entry] })).toThrow(new RegExp(`cors\\.origins: ${JSON.stringify(entry).replace(/[.*/]/g, "\\$&")} is not an origin`));
  });

  it("origins that are neither a list nor a function", () => {
    expect(() => make({ origins: "https://app.example.com" as never })).toThrow(/cors\.origins must be a list of origins/);
    expect(() => make(null as never)).toThrow(/cors must be an object/);
  });

  it.each([-1, 1.5, CORS_LIMITS.maxAgeSeconds + 1, Number.NaN])("maxAgeSeconds %s: a RangeError", (maxAgeSeconds) => {
    expect(() => make({ origins: ["https://app.example.com"], maxAgeSeconds })).toThrow(RangeError);
    expect(() => make({ origins: ["https://app.example.com"], maxAgeSeconds })).toThrow(/cors\.maxAgeSeconds must be a whole number of seconds from 0 to 7200/);
  });

  it("header names that are no header names", () => {
    expect(() => make({ origins: ["https://app.example.com"], allowHeaders: ["X Bad"] })).toThrow(/cors\.allowHeaders must be a list of header names/);
    expect(() => make({ origins: ["https://app.example.com"], exposeHeaders: [""] })).toThrow(/cors\.exposeHeaders must be a list of header names/);
  });

  it("and accepts what is right: origins with ports, 0 and the largest max age, a wildcard without credentials", () => {
    expect(() => make({ origins: ["http://127.0.0.1:5173", "https://app.example.com"], credentials: true, maxAgeSeconds: 0 })).not.toThrow();
    expect(() => make({ origins: ["*"], maxAgeSeconds: CORS_LIMITS.maxAgeSeconds })).not.toThrow();
    expect(() => make({ origins: () => false, allowHeaders: ["X-Request-Id"], exposeHeaders: ["X-Trace"] })).not.toThrow();
  });
});
