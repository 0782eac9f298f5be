/** `@mrtr/client/plugin`: what an input-kind plugin (such as @mrtr/deprecated's sampling and roots) builds on. */
export type { ClientInputKind, InputCheck, InputInfo } from "./input-kinds.js";
