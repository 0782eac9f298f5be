/**
 * Server features: what a plugin adds to every handler's context beyond
 * input (such as @mrtr/deprecated's logging, `ctx.log`), with the
 * capabilities it makes the server declare. A feature sends what it must
 * through `emit`, on the stream of the request being served, so the core's
 * rules (nothing after the answer, backpressure) hold for it too.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { JSONRPCNotification, ServerCapabilities } from "@mrtr/schema";
import type { RequestContext } from "./context.js";
import type { UnionToIntersection } from "./union-to-intersection.js";

/** One feature. `X` is the type of the context methods it adds. */
export interface ServerFeature<X = unknown> {
  /** Its name, for errors ("logging"). */
  name: string;
  /** What it adds to the capabilities `server/discover` declares. */
  capabilities?: ServerCapabilities;
  /** The methods it adds to the context of every tool, prompt and resource handler. */
  contextMethods(ctx: RequestContext, emit: (notification: JSONRPCNotification) => boolean): X;
}

/** The context methods a list of features adds, as one type (unknown when none adds any). */
export type FeatureMethods<F extends readonly ServerFeature<any>[]> = UnionToIntersection<
  { [I in keyof F]: F[I] extends ServerFeature<infer X> ? X : never }[number]
>;
