/**
 * Who is asking: every form and URL step names the server it comes from, as
 * the draft asks clients to. The name is what the server says about itself
 * (`server/discover`), so it is shown next to where the client actually
 * connected, which is the part the server cannot choose.
 */
import type { InputInfo } from "@mrtr/client";
import { bold, dim } from "./style.js";
import { oneLine } from "./sanitize.js";

/** The server's name, and a line of detail: its id and version, and the connection it came through. */
export interface ServerLabel {
  name: string;
  detail: string;
}

/** Names the server (as it describes itself) and the connection it came through. */
export function describeServer(server: InputInfo["server"], via: string): ServerLabel {
  const name = server ? bold(oneLine(server.title ?? server.name)) : bold("An unnamed server");
  const id = server ? `${oneLine(server.name)} ${oneLine(server.version)}, ` : "";
  return { name, detail: dim(`${id}via ${via}`) };
}

/** "<server> <what>", with the detail on a second line. */
export function serverAsks(server: InputInfo["server"], via: string, what: string, key?: string): string {
  const label = describeServer(server, via);
  return `${label.name} ${what}\n${label.detail}${key === undefined ? "" : dim(` · question "${oneLine(key)}"`)}`;
}
