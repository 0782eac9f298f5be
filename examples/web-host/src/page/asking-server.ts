/**
 * Who is asking: every form and URL step names the server it comes from, as
 * the draft asks hosts to. The name is what the server says about itself,
 * so it is shown next to the endpoint the page actually connected to, which
 * is the part the server cannot choose.
 */
import type { InputInfo } from "@mrtr/client";
import { el } from "./dom.js";

/** "<server> <what>", with its id, version and the endpoint on a second line. */
export function askingServer(server: InputInfo["server"], endpoint: string, what: string, key: string): HTMLElement {
  const name = server ? (server.title ?? server.name) : "An unnamed server";
  const id = server ? `${server.name} ${server.version}, ` : "";
  return el(
    "div",
    { class: "asking" },
    el("p", {}, el("strong", { class: "peer" }, name), ` ${what}`),
    el("p", { class: "detail" }, `${id}via ${endpoint} · question `, el("code", { class: "peer" }, key)),
  );
}
