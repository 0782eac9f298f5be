/**
 * Opening a URL in the user's browser, only ever after their consent, and
 * only when the environment asks for it (`MRTR_OPEN_URLS=1`); otherwise the
 * URL is just printed for the user to open. The client never fetches it.
 */
import { spawn } from "node:child_process";

/** What happened when asked to open a URL. */
export type OpenOutcome = { opened: true; command: string } | { opened: false; reason: string };

/** Whether opening URLs is enabled (`MRTR_OPEN_URLS=1`). */
export function openingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.MRTR_OPEN_URLS === "1";
}

/** The platform's opener command. */
function opener(): { command: string; args: (url: string) => string[] } {
  if (process.platform === "darwin") return { command: "open", args: (url) => [url] };
  if (process.platform === "win32") return { command: "rundll32", args: (url) => ["url.dll,FileProtocolHandler", url] };
  return { command: "xdg-open", args: (url) => [url] };
}

/**
 * Opens `url` with the platform's opener (no shell involved, the URL is one
 * argument), if enabled. Call only after the user consented. Never throws.
 */
export async function openUrl(url: string, env: NodeJS.ProcessEnv = process.env): Promise<OpenOutcome> {
  if (!openingEnabled(env)) return { opened: false, reason: "set MRTR_OPEN_URLS=1 to open URLs in your browser" };
  const { command, args } = opener();
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args(url), { stdio: "ignore", detached: true, shell: false });
      child.once("error", (error) => resolve({ opened: false, reason: `${command} failed: ${error.message}` }));
      child.once("spawn", () => {
        child.unref();
        resolve({ opened: true, command });
      });
    } catch (error) {
      resolve({ opened: false, reason: `${command} failed: ${(error as Error).message}` });
    }
  });
}
