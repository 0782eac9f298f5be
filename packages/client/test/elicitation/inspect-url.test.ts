import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatUrlForDisplay, inspectUrl, type UrlWarningCode } from "../../src/elicitation/index.js";

/** The warning codes of a URL, in order. */
function codes(url: string): UrlWarningCode[] {
  return inspectUrl(url).warnings.map((w) => w.code);
}

describe("inspectUrl on a clean https URL", () => {
  it("has no warnings and reports origin and host", () => {
    const url = "https://connect.example.com/oauth/start?state=abc#top";
    expect(inspectUrl(url)).toEqual({
      url,
      valid: true,
      origin: "https://connect.example.com",
      host: "connect.example.com",
      https: true,
      warnings: [],
    });
  });

  it("keeps the URL exactly as given, not normalized", () => {
    const url = "HTTPS://Example.COM:443/a/../b";
    const inspection = inspectUrl(url);
    expect(inspection.url).toBe(url);
    expect(inspection.host).toBe("example.com");
    expect(inspection.warnings).toEqual([]); // the default port is no unusual port
  });

  it("gives every warning a message for the user", () => {
    for (const url of ["javascript:alert(1)", "http://user:pass@192.168.0.1:8080/\u200b", "https://xn--pple-43d.com"]) {
      for (const warning of inspectUrl(url).warnings) expect(warning.message.length).toBeGreaterThan(10);
    }
  });
});

describe("inspectUrl warnings", () => {
  it("not-a-url: a relative path, plain text or an empty string is not a URL", () => {
    for (const url of ["/login", "www.example.com", "click here", "", "https://", "http://exa mple.com"]) {
      const inspection = inspectUrl(url);
      expect(inspection).toMatchObject({ url, valid: false, https: false });
      expect(codes(url)).toEqual(["not-a-url"]);
      expect(inspection.host).toBeUndefined();
    }
  });

  it("non-http-scheme: javascript:, data:, file:, ftp: and custom schemes", () => {
    expect(inspectUrl("javascript:alert(1)")).toMatchObject({ valid: true, https: false, warnings: [{ code: "non-http-scheme" }] });
    expect(inspectUrl("javascript:alert(1)").origin).toBeUndefined();
    expect(codes("data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==")).toEqual(["non-http-scheme"]);
    expect(codes("file:///etc/passwd")).toEqual(["non-http-scheme"]);
    expect(codes("ftp://files.example.com/invoice.pdf")).toEqual(["non-http-scheme"]);
    expect(codes("vscode://extension/install")).toEqual(["non-http-scheme"]);
    expect(inspectUrl("JavaScript:alert(1)").warnings[0]?.message).toContain('"javascript:"');
  });

  it("not-https: plain http to a remote host", () => {
    expect(inspectUrl("http://bank.example/login")).toMatchObject({ https: false, warnings: [{ code: "not-https" }] });
  });

  it("insecure-localhost (instead of not-https): plain http to this machine", () => {
    for (const url of ["http://localhost/callback", "http://app.localhost/", "http://127.0.0.1/", "http://127.8.9.10/", "http://[::1]/"]) {
      expect(codes(url)).toContain("insecure-localhost");
      expect(codes(url)).not.toContain("not-https");
    }
    expect(codes("https://localhost/")).toEqual([]);
    expect(codes("http://localhost.evil.example/")).toEqual(["not-https"]);
  });

  it("credentials: a user name or password before the host (http://user:pass@bank.example)", () => {
    expect(codes("http://user:pass@bank.example")).toEqual(["not-https", "credentials"]);
    const trick = inspectUrl("https://www.paypal.com@evil.example/signin");
    expect(trick.host).toBe("evil.example");
    expect(trick.warnings.map((w) => w.code)).toEqual(["credentials"]);
    expect(trick.warnings[0]?.message).toContain("evil.example");
    expect(codes("https://:secret@example.com/")).toEqual(["credentials"]);
  });

  it("punycode and mixed-scripts: https://аpple.com with a Cyrillic а", () => {
    const inspection = inspectUrl("https://\u0430pple.com");
    expect(inspection).toMatchObject({ valid: true, host: "xn--pple-43d.com", displayHost: "\u0430pple.com", https: true });
    expect(inspection.warnings.map((w) => w.code)).toEqual(["punycode", "mixed-scripts"]);
    expect(inspection.warnings[1]?.message).toContain("Cyrillic");
  });

  it("punycode and mixed-scripts: the same lookalike written as https://xn--pple-43d.com", () => {
    const inspection = inspectUrl("https://xn--pple-43d.com/signin");
    expect(inspection).toMatchObject({ host: "xn--pple-43d.com", displayHost: "\u0430pple.com" });
    expect(inspection.warnings.map((w) => w.code)).toEqual(["punycode", "mixed-scripts"]);
  });

  it("punycode only: a whole-script Cyrillic lookalike (аррӏе.com) and an honest international name", () => {
    expect(codes("https://\u0430\u0440\u0440\u04cf\u0435.com")).toEqual(["punycode"]);
    const german = inspectUrl("https://bücher.example/");
    expect(german).toMatchObject({ host: "xn--bcher-kva.example", displayHost: "bücher.example" });
    expect(german.warnings.map((w) => w.code)).toEqual(["punycode"]);
    expect(codes("https://日本語.jp/")).toEqual(["punycode"]);
  });

  it("mixed-scripts: a Greek omicron in a subdomain label", () => {
    expect(codes("https://login.g\u03bfogle.com/")).toEqual(["punycode", "mixed-scripts"]);
  });

  it("ip-literal: https://192.168.0.1/login, IPv6, and IPv4 in disguise", () => {
    expect(inspectUrl("https://192.168.0.1/login")).toMatchObject({ host: "192.168.0.1", warnings: [{ code: "ip-literal" }] });
    expect(inspectUrl("https://[2001:db8::1]/")).toMatchObject({ host: "[2001:db8::1]", warnings: [{ code: "ip-literal" }] });
    expect(inspectUrl("https://0xC0.0xA8.0.1/")).toMatchObject({ host: "192.168.0.1", warnings: [{ code: "ip-literal" }] });
    expect(inspectUrl("https://3232235521/")).toMatchObject({ host: "192.168.0.1", warnings: [{ code: "ip-literal" }] });
    expect(codes("http://127.0.0.1/")).toEqual(["insecure-localhost", "ip-literal"]);
  });

  it("unusual-port: any explicit port other than the scheme's default", () => {
    expect(codes("https://example.com:8443/")).toEqual(["unusual-port"]);
    expect(codes("https://example.com:80/")).toEqual(["unusual-port"]);
    expect(codes("http://example.com:80/")).toEqual(["not-https"]);
    expect(inspectUrl("https://example.com:8443/").origin).toBe("https://example.com:8443");
  });

  it("hidden-characters: zero-width, bidi override, and tab or newline that the parser drops", () => {
    const zeroWidth = inspectUrl("https://pay\u200bpal.com/");
    expect(zeroWidth.host).toBe("paypal.com");
    expect(zeroWidth.warnings.map((w) => w.code)).toEqual(["hidden-characters"]);
    expect(codes("https://example.com/invoice\u202egnp.exe")).toEqual(["hidden-characters"]);
    expect(codes("https://exa\nmple.com/")).toEqual(["hidden-characters"]);
    expect(codes(" https://example.com/")).toEqual(["hidden-characters"]);
  });

  it("very-long: more than 2000 characters, valid or not", () => {
    const long = `https://example.com/?q=${"a".repeat(2000)}`;
    expect(codes(long)).toEqual(["very-long"]);
    expect(codes(`https://example.com/?q=${"a".repeat(1977)}`)).toEqual([]); // exactly 2000
    expect(codes("x".repeat(2001))).toEqual(["not-a-url", "very-long"]);
  });

  it("combines warnings in a fixed order", () => {
    expect(codes("http://admin:pw@xn--pple-43d.com:8080/\u200b")).toEqual([
      "not-https",
      "credentials",
      "punycode",
      "mixed-scripts",
      "unusual-port",
      "hidden-characters",
    ]);
  });
});

describe("formatUrlForDisplay", () => {
  /** The three parts for a URL. */
  const parts = (url: string) => formatUrlForDisplay(inspectUrl(url));

  it("splits around the host as written", () => {
    expect(parts("https://connect.example.com/oauth?x=1")).toEqual({
      before: "https://",
      host: "connect.example.com",
      after: "/oauth?x=1",
    });
    expect(parts("HTTPS://Example.COM:8443/")).toEqual({ before: "HTTPS://", host: "Example.COM", after: ":8443/" });
  });

  it("highlights the real host after user info, not the decoy before the @", () => {
    expect(parts("https://www.paypal.com@evil.example/signin")).toEqual({
      before: "https://www.paypal.com@",
      host: "evil.example",
      after: "/signin",
    });
    expect(parts("http://user:pass@bank.example")).toEqual({ before: "http://user:pass@", host: "bank.example", after: "" });
  });

  it("highlights the host in the Unicode the server wrote, which inspectUrl reports as punycode", () => {
    expect(parts("https://\u0430pple.com/id")).toEqual({ before: "https://", host: "\u0430pple.com", after: "/id" });
  });

  it("reads backslashes and extra slashes as the parser does", () => {
    expect(parts("https:\\\\evil.example\\@good.example/")).toEqual({
      before: "https:\\\\",
      host: "evil.example",
      after: "\\@good.example/",
    });
    expect(parts("https:///evil.example/")).toEqual({ before: "https:///", host: "evil.example", after: "/" });
    expect(parts("https:evil.example")).toEqual({ before: "https:", host: "evil.example", after: "" });
  });

  it("keeps IPv6 brackets in the host and the port outside", () => {
    expect(parts("https://[2001:db8::1]:8443/x")).toEqual({ before: "https://", host: "[2001:db8::1]", after: ":8443/x" });
  });

  it("covers characters the parser drops inside the host", () => {
    expect(parts("  https://exa\tmple.com/  ")).toEqual({ before: "  https://", host: "exa\tmple.com", after: "/  " });
  });

  it("highlights nothing for URLs without a host or that are not URLs", () => {
    expect(parts("javascript:alert(1)")).toEqual({ before: "javascript:alert(1)", host: "", after: "" });
    expect(parts("not a url")).toEqual({ before: "not a url", host: "", after: "" });
    expect(parts("file:///etc/passwd")).toEqual({ before: "file:///etc/passwd", host: "", after: "" });
  });

  it("highlights nothing rather than something wrong when the host named by the inspection is not in the URL", () => {
    const forged = { ...inspectUrl("https://good.example/"), host: "evil.example" };
    expect(formatUrlForDisplay(forged)).toEqual({ before: "https://good.example/", host: "", after: "" });
  });
});

describe("inspectUrl and formatUrlForDisplay on arbitrary input (fast-check, fixed seeds)", () => {
  /** Well-formed web URLs with user info, ports, IP hosts, queries and fragments. */
  const webUrls = fc.webUrl({
    withFragments: true,
    withQueryParameters: true,
    authoritySettings: { withUserInfo: true, withPort: true, withIPv4: true, withIPv6: true },
  });
  /** A scheme start followed by URL pieces that confuse naive parsing (`@`, `\\`, brackets, dropped characters). */
  const urlPieces = fc
    .tuple(
      fc.constantFrom("https://", "http://", "https:", "HTTP:\\\\", "foo://", " https://", "file://", ""),
      fc.array(
        fc.constantFrom(
          "//",
          "/",
          "\\",
          "@",
          ":",
          "[",
          "]",
          "::1",
          "?",
          "#",
          "xn--",
          "pple-43d",
          "а",
          "ü",
          ".",
          "com",
          "8080",
          "user",
          " ",
          "\t",
          "\n",
          "\u200b",
          "%41",
          "127.0.0.1",
          "0x7f",
          "Ex",
        ),
        { maxLength: 12 },
      ),
    )
    .map(([scheme, pieces]) => scheme + pieces.join(""));
  /** Strings that look more or less like URLs: random text, web URLs, and URL pieces glued together. */
  const urlish = fc.oneof(fc.string({ unit: "binary", maxLength: 60 }), webUrls, urlPieces);

  it("inspectUrl never throws, keeps the URL as given, and is consistent", () => {
    fc.assert(
      fc.property(urlish, (url) => {
        const inspection = inspectUrl(url);
        expect(inspection.url).toBe(url);
        expect(inspection.valid).toBe(!inspection.warnings.some((w) => w.code === "not-a-url"));
        if (inspection.https) expect(inspection.valid).toBe(true);
        if (inspection.displayHost !== undefined) expect(inspection.host).toBeDefined();
      }),
      { seed: 20260728, numRuns: 5000 },
    );
  });

  it("formatUrlForDisplay's parts always join back to the URL, and the host part parses to the inspected host", () => {
    const dropped = /[\t\n\r]/g;
    let highlighted = 0;
    fc.assert(
      fc.property(urlish, (url) => {
        const inspection = inspectUrl(url);
        const { before, host, after } = formatUrlForDisplay(inspection);
        expect(before + host + after).toBe(url);
        if (host !== "") {
          highlighted++;
          const scheme = /^[\x00-\x20]*([A-Za-z][A-Za-z0-9+.-]*):/.exec(before.replace(dropped, ""))?.[1];
          expect(new URL(`${scheme}://${host.replace(dropped, "")}/`).hostname).toBe(inspection.host);
        }
      }),
      { seed: 42, numRuns: 5000 },
    );
    expect(highlighted).toBeGreaterThan(1000);
  });

  it("formatUrlForDisplay locates the host of every generated web URL and tricky piece-built URL that has one", () => {
    fc.assert(
      fc.property(fc.oneof(webUrls, urlPieces), (url) => {
        const inspection = inspectUrl(url);
        if (inspection.host === undefined) return;
        expect(formatUrlForDisplay(inspection).host).not.toBe("");
      }),
      { seed: 7, numRuns: 5000 },
    );
  });
});
