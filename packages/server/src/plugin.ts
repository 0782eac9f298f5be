/**
 * `@mrtr/server/plugin`: what plugins build on: input kinds (such as
 * @mrtr/deprecated's sampling and roots), features (its logging), and eras
 * (@mrtr/legacy's initialize-based revisions), and protocol extensions
 * (@mrtr/tasks/server).
 *
 * @module
 */
export { declaresForm, declaresUrl } from "./input-kinds.js";
export type { AnswerCheck, InputKind, KindMethods } from "./input-kinds.js";
export type { FeatureMethods, ServerFeature } from "./features.js";
export type { ChannelEra, EraChannel, EraConnection, HttpEra } from "./eras.js";
export { extensionResult, isExtensionResult } from "./extensions.js";
export type { ExtensionHost, ExtensionMethod, ListenExtension, RoundDiversion, ServerExtension, ToolCallPlan } from "./extensions.js";
export type { ServingContext } from "./serving-context.js";
export { callerOf } from "./shares/caller.js";
export type { Caller } from "./shares/caller.js";
export type { AnyTool } from "./registry.js";
export type { UnionToIntersection } from "./union-to-intersection.js";
