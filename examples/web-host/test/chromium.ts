/**
 * Debian's Chromium for the browser tests: found on PATH as `command -v
 * chromium` would find it (nothing downloads a browser; CI installs the
 * package, `.ci/run` when missing), launched headless through
 * playwright-core; and a fresh page per test that leaves a screenshot when
 * the test fails.
 */
import { accessSync, constants } from "node:fs";
import { mkdir } from "node:fs/promises";
import { delimiter, join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";

/** The chromium executable on PATH, or undefined when there is none. */
export function findChromium(): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, "chromium");
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Launches `executablePath` headless; as root (a container) without the sandbox, which needs an unprivileged user. */
export function launchChromium(executablePath: string): Promise<Browser> {
  const args = ["--disable-dev-shm-usage"];
  if (process.getuid?.() === 0) args.push("--no-sandbox");
  return chromium.launch({ executablePath, headless: true, args });
}

/** What `inFreshPage` opens and where it leaves screenshots. */
export interface FreshPageOptions {
  /** The page to open first. */
  url: string;
  /** The folder screenshots of failures go to (created when needed). */
  results: string;
  /** The file name's stem: `<name>--<step>.png`. */
  name: string;
  /** Each action's timeout in ms (default 20 000). */
  timeoutMs?: number;
  /** Runs after the page loaded, before `body` (such as waiting for the page's script). */
  ready?(page: Page): Promise<unknown>;
}

/**
 * Runs `body` in a fresh page of its own browser context, opened on
 * `options.url`. `step(label)` names what is being checked; on failure the
 * page is saved as `<results>/<name>--<step>.png` and the error passes on.
 */
export async function inFreshPage(browser: Browser, options: FreshPageOptions, body: (page: Page, step: (label: string) => void) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(options.timeoutMs ?? 20_000);
  let current = "start";
  try {
    await page.goto(options.url);
    await options.ready?.(page);
    await body(page, (label) => (current = label));
  } catch (error) {
    await mkdir(options.results, { recursive: true });
    await page.screenshot({ path: join(options.results, `${options.name}--${current}.png`), fullPage: true }).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}
