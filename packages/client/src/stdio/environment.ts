/**
 * The environment a launched server gets by default: only variables a
 * program needs to run (where it lives, who runs it, how to find programs,
 * the terminal and locale), never the host's secrets (API keys, tokens,
 * cloud credentials) that sit in most environments.
 */

/** Variables passed on by default, where the host has them. */
export const DEFAULT_ENV_NAMES: readonly string[] =
  process.platform === "win32"
    ? ["APPDATA", "COMSPEC", "HOMEDRIVE", "HOMEPATH", "LOCALAPPDATA", "PATH", "PATHEXT", "PROCESSOR_ARCHITECTURE", "PROGRAMFILES", "SYSTEMDRIVE", "SYSTEMROOT", "TEMP", "TMP", "USERNAME", "USERPROFILE"]
    : ["HOME", "LANG", "LC_ALL", "LOGNAME", "PATH", "SHELL", "TERM", "TMPDIR", "USER"];

/** The default environment: the variables of {@link DEFAULT_ENV_NAMES} this process has (never an exported shell function). */
export function defaultEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of DEFAULT_ENV_NAMES) {
    const value = process.env[name];
    if (value !== undefined && !value.startsWith("()")) env[name] = value;
  }
  return env;
}

/** The default environment with `extra` over it (an `undefined` value removes a variable). */
export function childEnvironment(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env = defaultEnvironment();
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}
