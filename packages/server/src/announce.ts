/**
 * Announcing changes to the open subscriptions/listen streams: what the host
 * says through `server.notify.*`, and registrations and removals made once
 * the server is serving (coalesced: one announcement per list per tick).
 * Each kind must be wired in `createServer({ subscriptions })`; announcing
 * one that is not is the host's mistake, not a silent no-op.
 */
import { ServerDefinitionError } from "./errors.js";
import type { ChangeEvent } from "./subscriptions/change-bus.js";
import type { SubscriptionHub } from "./subscriptions/hub.js";

/** Announcing changes to the open subscriptions/listen streams (of every instance, with a shared bus). */
export interface ChangeNotifier {
  /** Announces that the tool list changed (`notifications/tools/list_changed`). */
  toolsListChanged(): void;
  /** Announces that the prompt list changed (`notifications/prompts/list_changed`). */
  promptsListChanged(): void;
  /** Announces that the resource list changed (`notifications/resources/list_changed`). */
  resourcesListChanged(): void;
  /**
   * Announces that the resource at `uri` changed (`notifications/resources/updated`), to the
   * streams subscribed to it.
   */
  resourceUpdated(uri: string): void;
}

/** A list whose registrations may change while serving. */
export type ListKind = "tools" | "prompts" | "resources";

export interface Announcer {
  /** The host's notifier (`server.notify`). */
  readonly notify: ChangeNotifier;
  /** A registration or removal on `list`: announced when serving and wired. */
  changed(list: ListKind): void;
  /** From now on registrations are announced (the first message arrived). */
  serving(): void;
}

export function createAnnouncer(hub: SubscriptionHub): Announcer {
  const d = hub.deliverable;
  let serving = false;
  const pending = new Set<ListKind>();

  const announce = (event: ChangeEvent, wired: boolean, option: string) => {
    if (!wired) throw new ServerDefinitionError(`This server does not announce ${event.type}: enable it with createServer({ subscriptions: { ${option} } }).`);
    hub.publish(event);
  };
  const wiredFor = (list: ListKind) => (list === "tools" ? d.toolsListChanged : list === "prompts" ? d.promptsListChanged : d.resourcesListChanged);

  return {
    notify: {
      toolsListChanged: () => announce({ type: "toolsListChanged" }, d.toolsListChanged, "listChanged: { tools: true }"),
      promptsListChanged: () => announce({ type: "promptsListChanged" }, d.promptsListChanged, "listChanged: { prompts: true }"),
      resourcesListChanged: () => announce({ type: "resourcesListChanged" }, d.resourcesListChanged, "listChanged: { resources: true }"),
      resourceUpdated: (uri) => {
        if (typeof uri !== "string") throw new ServerDefinitionError("notify.resourceUpdated needs the resource's URI.");
        announce({ type: "resourceUpdated", uri }, d.resourceSubscriptions, "resourceUpdates: true");
      },
    },
    changed(list) {
      if (!serving || pending.has(list) || !wiredFor(list)) return;
      pending.add(list);
      queueMicrotask(() => {
        pending.delete(list);
        hub.publish({ type: `${list}ListChanged` } as ChangeEvent);
      });
    },
    serving() {
      serving = true;
    },
  };
}
