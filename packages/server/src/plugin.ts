/**
 * `@mrtr/server/plugin`: what an input-kind plugin (such as
 * @mrtr/deprecated's sampling and roots) builds on.
 */
export { declaresForm, declaresUrl } from "./input-kinds.js";
export type { AnswerCheck, InputKind, KindMethods } from "./input-kinds.js";
export type { FeatureMethods, ServerFeature } from "./features.js";
