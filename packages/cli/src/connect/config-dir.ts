/**
 * Where `mrtr` keeps its state: `$MRTR_CONFIG_DIR`, else
 * `$XDG_CONFIG_HOME/mrtr`, else `~/.config/mrtr`. Credentials go in its
 * `auth/` folder.
 */
import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** The configuration folder of `mrtr` for the environment `env`. */
export function configDirectory(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MRTR_CONFIG_DIR) return resolve(env.MRTR_CONFIG_DIR);
  if (env.XDG_CONFIG_HOME) return join(resolve(env.XDG_CONFIG_HOME), "mrtr");
  return join(homedir(), ".config", "mrtr");
}

/** The folder of cached tokens, client registrations and DPoP keys: `auth/` in the configuration folder. */
export function authDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDirectory(env), "auth");
}
