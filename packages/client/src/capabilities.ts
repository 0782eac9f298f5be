/**
 * What a client declares, derived from what it is given: an input kind for
 * each handler (a form handler declares `elicitation.form`, a URL handler
 * `elicitation.url`, plugins add theirs; `"manual"` declares a mode answered
 * through `start`/`resume`), and each extension under
 * `capabilities.extensions[id]`, with the methods whose `Mcp-Name` carries a
 * params field.
 */
import type { ClientCapabilities, JSONObject } from "@mrtr/schema";
import { mergeCapabilities } from "@mrtr/internal";
import { McpClientError } from "./errors.js";
import { elicitationInputKind, type ClientInputKind, type FormHandler, type UrlHandler } from "./input-kinds.js";
import type { ClientExtension, ClientOptions } from "./types.js";

const MANUAL = "manual";

/** What a client declares in every request, and what it serves. */
export interface Declared {
  /** The input kinds, by the input-request method each answers. */
  kinds: Map<string, ClientInputKind>;
  /** The capabilities of `_meta`: the kinds' merged, then the extensions'. */
  capabilities: ClientCapabilities;
  /** With extensions only: their methods whose `Mcp-Name` carries a params field. */
  namedParams?: Readonly<Record<string, string>>;
}

/** What a client with these options declares. */
export function declared(options: ClientOptions): Declared {
  const kinds = inputKinds(options);
  let merged: ClientCapabilities = {};
  for (const kind of kinds.values()) merged = mergeCapabilities(merged, structuredClone(kind.capabilities))!;
  const extensions = extensionsOf(options.extensions ?? []);
  if (!extensions) return { kinds, capabilities: merged };
  return { kinds, capabilities: mergeCapabilities(merged, extensions.capabilities)!, namedParams: extensions.namedParams };
}

/** The input kinds by method: elicitation's for the handlers given, then the plugins'; each method once. */
function inputKinds(options: ClientOptions): Map<string, ClientInputKind> {
  const kinds = new Map<string, ClientInputKind>();
  const e = options.elicitation ?? {};
  const form = e.form === MANUAL ? undefined : e.form;
  const url = e.url === MANUAL ? undefined : e.url;
  const elicitation = elicitationInputKind({
    ...(e.form !== undefined && { form: form ?? manual("Form") }),
    ...(e.url !== undefined && { url: url ?? manual("URL") }),
  });
  for (const kind of [...(elicitation ? [elicitation] : []), ...(options.inputKinds ?? [])]) {
    if (kinds.has(kind.method)) throw new McpClientError(`Two input kinds handle ${kind.method}.`);
    kinds.set(kind.method, kind);
  }
  return kinds;
}

/** The handler of a mode declared `"manual"`: such requests are answered through `start`/`resume`, never here. */
function manual(mode: string): FormHandler & UrlHandler {
  return async () => {
    throw new McpClientError(`${mode} elicitation is declared as manual: answer it with client.start/resume.`);
  };
}

/** The extensions of one client: each id once, the named methods, what they add to the capabilities (undefined without any). */
function extensionsOf(list: readonly ClientExtension[]) {
  if (list.length === 0) return undefined;
  // No prototype: a method name such as "constructor" names nothing.
  const namedParams: Record<string, string> = Object.create(null);
  const extensions: Record<string, JSONObject> = {};
  for (const extension of list) {
    if (extensions[extension.id]) throw new McpClientError(`Extension "${extension.id}" is given twice.`);
    extensions[extension.id] = structuredClone(extension.settings ?? {});
    Object.assign(namedParams, extension.namedParams);
  }
  return { namedParams, capabilities: { extensions } };
}
