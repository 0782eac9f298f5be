/**
 * `subscriptions/listen` (basic/patterns/subscriptions.mdx): opens a stream
 * that the acknowledgement starts and the change notifications its filter
 * names follow. The request stays open until the client closes the stream
 * (no answer then) or the server ends it (`server.close()`, the stream's
 * `maxDurationMs`, or room made for another caller when every stream is open:
 * the closing result, after which clients open a new one). Streams are held
 * within the server's limit and each caller's share (docs/architecture.md,
 * "Fair shares").
 */
import { isShareRefusal } from "@mrtr/internal";
import { McpInvalidParamsError, McpInvalidRequestError, McpMethodNotFoundError, ShareExceededError } from "../errors.js";
import type { Follower } from "../subscriptions/hub.js";
import type { MethodHandler } from "./method.js";

export const listen: MethodHandler<"subscriptions/listen"> = async (request, ctx, core) => {
  const { hub, listen: limits } = core;
  const listens = core.extensions.listens;
  if (!hub.offered && listens.length === 0) throw new McpMethodNotFoundError(request.method);
  if (!ctx.streaming) throw new McpInvalidRequestError("subscriptions/listen needs a transport that streams notifications (HTTP, stdio, or handle() with send).");
  const requested = request.params.notifications;
  const asked = [...new Set(requested.resourceSubscriptions ?? [])];
  if (asked.length > limits.maxResourceSubscriptions) {
    throw new McpInvalidParamsError(`Too many resourceSubscriptions: ${asked.length}; this server takes at most ${limits.maxResourceSubscriptions} per stream.`);
  }
  let uris = hub.deliverable.resourceSubscriptions ? asked : [];
  if (limits.canSubscribe && uris.length > 0) {
    const verdicts = await Promise.all(uris.map((uri) => Promise.resolve(limits.canSubscribe!(uri, ctx)).then((ok) => ok === true, () => false)));
    uris = uris.filter((_, i) => verdicts[i]);
  }
  // Fields extensions serve (the Tasks extension's taskIds): each agrees to its part, and sends on the stream once it is acknowledged.
  const agreed = hub.agree(requested, uris) as Record<string, unknown>;
  const followers: Follower[] = [];
  for (const extension of listens) {
    const asked = (requested as Record<string, unknown>)[extension.field];
    if (asked === undefined) continue;
    const part = await extension.agree(asked, ctx);
    if (part === undefined) continue;
    agreed[extension.field] = part;
    followers.push((send) => extension.follow(part, ctx, send));
  }
  // A bridge (an era plugin's session) bounds the streams it holds itself: they do not draw from this pool.
  const evicted = new AbortController();
  const hold = ctx.bridged ? undefined : limits.streams.acquire(ctx.owner, { idle: () => true, evict: () => evicted.abort() });
  if (isShareRefusal(hold)) throw new ShareExceededError(hold);
  try {
    await hub.open(request.id, agreed, ctx.emit, ctx.signal, followers, evicted.signal);
  } finally {
    hold?.release();
  }
  // Ended by the server (closed or expired): the closing result. Ended by the client: the server sends nothing.
  return { resultType: "complete", _meta: { "io.modelcontextprotocol/subscriptionId": request.id } };
};
