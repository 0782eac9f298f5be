/**
 * How `mrtr connect` shows the sign-in page. stdout carries the protocol, so
 * everything meant for a person goes to stderr (which hosts show in their
 * logs). Three ways, the first that applies:
 *
 * - `--no-browser`: the URL is printed, to be opened by hand;
 * - `MRTR_BROWSER` names a program: it is run with the URL as its only
 *   argument (no shell; its output goes to stderr);
 * - otherwise the system's opener (`open`, `xdg-open`, `url.dll`), the URL
 *   printed as well.
 */
import { spawn } from "node:child_process";
import { openInBrowser } from "@mrtr/client/auth/node";

/** How to show the sign-in page. */
export type BrowserChoice = { kind: "print" } | { kind: "command"; command: string } | { kind: "system" };

/** The way to show the sign-in page, given `--no-browser` and the environment. */
export function browserChoice(noBrowser: boolean, env: NodeJS.ProcessEnv = process.env): BrowserChoice {
  if (noBrowser) return { kind: "print" };
  const command = env.MRTR_BROWSER?.trim();
  if (command) return { kind: "command", command };
  return { kind: "system" };
}

/** Writes a line for the person to stderr. */
const say = (line: string) => void process.stderr.write(`mrtr connect: ${line}\n`);

/** Runs `command` with `url` as its argument, detached from stdout; a failure to start it prints the URL instead. */
function runBrowserCommand(command: string, url: URL): void {
  say(`opening the sign-in page with ${command}`);
  const fallback = (why: string) => say(`could not run ${command} (${why}); open this URL to sign in:\n  ${url.href}`);
  try {
    const child = spawn(command, [url.href], { stdio: ["ignore", 2, 2], shell: false });
    child.on("error", (error) => fallback(error.message));
    child.unref();
  } catch (error) {
    fallback((error as Error).message);
  }
}

/** The `open` function of the loopback user agent for `choice`. */
export function browserOpener(choice: BrowserChoice): (url: URL) => void {
  switch (choice.kind) {
    case "print":
      return (url) => say(`sign in by opening this URL in a browser on this machine:\n  ${url.href}`);
    case "command":
      return (url) => runBrowserCommand(choice.command, url);
    default:
      return (url) => openInBrowser(url);
  }
}
