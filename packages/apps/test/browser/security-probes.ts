/**
 * Network probes run inside the view's frame (security-csp and
 * security-host-narrowing tests): each asks for a URL the way a view would
 * (fetch, a script tag, an image) and says what the view saw; the bench's
 * probe origins say whether the request arrived.
 */
import type { Frame } from "playwright-core";
import { expect } from "vitest";
import type { Bench } from "./harness.js";

/** A `fetch` from the view: "ok <body>" or "failed". */
export function probeFetch(view: Frame, url: string): Promise<string> {
  return view.evaluate(async (u) => {
    try {
      const response = await fetch(u);
      return `ok ${await response.text()}`;
    } catch {
      return "failed";
    }
  }, url);
}

/** A `<script src>` added by the view: "ran" (the probe script ran), or "failed". */
export function probeScript(view: Frame, url: string): Promise<string> {
  return view.evaluate(
    (u) =>
      new Promise<string>((resolve) => {
        const before = (window as unknown as { __probe?: number }).__probe ?? 0;
        const script = document.createElement("script");
        script.src = u;
        script.onload = () => resolve(((window as unknown as { __probe?: number }).__probe ?? 0) > before ? "ran" : "loaded, did not run");
        script.onerror = () => resolve("failed");
        document.head.appendChild(script);
      }),
    url,
  );
}

/** An `<img>` added by the view; the probe serves text, so it never decodes: only the bench's hits and the violations tell. */
export function probeImage(view: Frame, url: string): Promise<string> {
  return view.evaluate(
    (u) =>
      new Promise<string>((resolve) => {
        const image = new Image();
        image.onload = () => resolve("loaded");
        image.onerror = () => resolve("error");
        image.src = u;
        document.body.appendChild(image);
      }),
    url,
  );
}

/** The CSP violations the view's document saw. */
export function violations(view: Frame): Promise<{ directive: string; blocked: string }[]> {
  return view.evaluate(() => (window as any).view.violations);
}

/** Asserts the browser refused `url` under `directive` (the view saw the violation) and the probe origin never got it. */
export async function expectBlocked(view: Frame, bench: Bench, url: string, directive: string): Promise<void> {
  await expect.poll(async () => (await violations(view)).some((v) => v.directive === directive && v.blocked !== "" && url.startsWith(v.blocked)), { message: `a ${directive} violation for ${url}` }).toBe(true);
  const path = new URL(url).pathname;
  expect(bench.hits.declared, `${url} reached the declared origin`).not.toContain(path);
  expect(bench.hits.undeclared, `${url} reached the undeclared origin`).not.toContain(path);
}

/** Asserts `url` arrived at its probe origin, and no violation was seen for it. */
export async function expectReached(view: Frame, bench: Bench, url: string): Promise<void> {
  const { origin, pathname } = new URL(url);
  const hits = origin === bench.declared ? bench.hits.declared : bench.hits.undeclared;
  await expect.poll(() => hits, { message: `${url} arrived` }).toContain(pathname);
  expect((await violations(view)).filter((v) => v.blocked !== "" && url.startsWith(v.blocked))).toEqual([]);
}
