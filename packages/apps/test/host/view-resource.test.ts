/** Reading a view's document from `resources/read`. */
import { describe, expect, it } from "vitest";
import { viewResourceOf } from "../../src/host/index.js";
import { VIEW_MIME_TYPE } from "../../src/index.js";

const URI = "ui://w/v";

describe("viewResourceOf", () => {
  it("gives the HTML of the content with the view's URI and MIME type, from text or from base64 UTF-8, with its _meta.ui", () => {
    const meta = { csp: { connectDomains: ["https://api.example.com"] } };
    const html = "<p>Müller · 東京</p>";
    const blob = btoa(String.fromCharCode(...new TextEncoder().encode(html)));
    const read = { contents: [{ uri: "ui://other", mimeType: VIEW_MIME_TYPE, text: "no" }, { uri: URI, mimeType: "text/html; profile=mcp-app", blob, _meta: { ui: meta } }] };
    expect(viewResourceOf(read, URI)).toEqual({ html, meta });
    expect(viewResourceOf({ contents: [{ uri: URI, mimeType: VIEW_MIME_TYPE, text: html }] }, URI)).toEqual({ html });
  });

  it("throws a TypeError saying what is missing: the content, its MIME type, its text, a readable blob, or room", () => {
    const cases: [unknown, RegExp][] = [
      [{ contents: [] }, /has no content of type text\/html;profile=mcp-app/],
      [null, /has no content of type/],
      [{ contents: [{ uri: URI, mimeType: "text/html", text: "x" }] }, /has no content of type/],
      [{ contents: [{ uri: URI, mimeType: VIEW_MIME_TYPE }] }, /has neither text nor blob/],
      [{ contents: [{ uri: URI, mimeType: VIEW_MIME_TYPE, blob: "//79" }] }, /blob that is not base64 of UTF-8/],
      [{ contents: [{ uri: URI, mimeType: VIEW_MIME_TYPE, blob: "%%%" }] }, /blob that is not base64 of UTF-8/],
    ];
    for (const [read, message] of cases) expect(() => viewResourceOf(read, URI)).toThrow(message);
    expect(() => viewResourceOf({ contents: [{ uri: URI, mimeType: VIEW_MIME_TYPE, text: "x".repeat(11) }] }, URI, 10)).toThrow(/11 characters, over the host's limit of 10/);
  });
});
