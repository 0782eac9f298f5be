/**
 * `@mrtr/server/plugin`: what plugins build on: input kinds (such as
 * @mrtr/deprecated's sampling and roots), features (its logging), and eras
 * (@mrtr/legacy's initialize-based revisions).
 */
export { declaresForm, declaresUrl } from "./input-kinds.js";
export type { AnswerCheck, InputKind, KindMethods } from "./input-kinds.js";
export type { FeatureMethods, ServerFeature } from "./features.js";
export type { ChannelEra, EraChannel, EraConnection, HttpEra } from "./eras.js";
