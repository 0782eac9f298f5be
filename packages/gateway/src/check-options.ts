/**
 * `createGateway`'s options checked before anything starts, each problem
 * said with what to write instead.
 */
import type { GatewayOptions } from "./options.js";

/** Upstream names: they namespace tool and prompt names, so they keep to the tool-name characters. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9-]{0,31}$/;

/** Throws a TypeError naming the first problem of `options`. */
export function checkGatewayOptions(options: GatewayOptions): void {
  if (!options || typeof options !== "object") throw new TypeError("createGateway needs options: { upstreams: { name: { url } | { command } } }.");
  const upstreams = options.upstreams;
  if (!upstreams || typeof upstreams !== "object") throw new TypeError("createGateway: upstreams must be an object of name → { url } or { command }.");
  const names = Object.keys(upstreams);
  if (names.length === 0) throw new TypeError("createGateway: give at least one upstream.");
  if (options.namespace === false && names.length !== 1) throw new TypeError(`createGateway: namespace: false keeps upstream names as they are, so it needs exactly one upstream (got ${names.length}).`);
  for (const name of names) {
    if (!NAME.test(name)) throw new TypeError(`createGateway: upstream name ${JSON.stringify(name)} must be 1–32 letters, digits or '-', starting with a letter or digit (it prefixes tool names).`);
    const config = upstreams[name] as unknown as Record<string, unknown>;
    const http = typeof config?.url === "string";
    const stdio = typeof config?.command === "string";
    if (http === stdio) throw new TypeError(`createGateway: upstream "${name}" needs either url (HTTP) or command (stdio), not ${http ? "both" : "neither"}.`);
    if (http) {
      try {
        const url = new URL(config.url as string);
        if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error();
      } catch {
        throw new TypeError(`createGateway: upstream "${name}": url must be an http(s) URL (got ${JSON.stringify(config.url)}).`);
      }
    }
    if (config.sessions !== undefined && !(Number.isSafeInteger(config.sessions) && (config.sessions as number) > 0)) throw new TypeError(`createGateway: upstream "${name}": sessions must be a positive whole number.`);
  }
}
