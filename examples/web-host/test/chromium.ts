/**
 * Debian's Chromium for the browser test: found on PATH as `command -v
 * chromium` would find it (nothing downloads a browser; CI installs the
 * package, `.ci/run` when missing), launched headless through playwright-core.
 */
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { chromium, type Browser } from "playwright-core";

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
