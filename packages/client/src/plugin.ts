/**
 * `@mrtr/client/plugin`: what plugins build on: input kinds (such as
 * @mrtr/deprecated's sampling and roots), eras (@mrtr/client/legacy),
 * which wrap the transport and read its wire, and protocol extensions
 * (@mrtr/tasks/client), which claim results of their own.
 *
 * @module
 */
export type { ClientInputKind, InputCheck, InputInfo } from "./input-kinds.js";
export type { ClientEra, EraClient } from "./eras.js";
export type { ChannelWire, HttpWire, TransportWire, WireChannel } from "./wire.js";
export { isDiscoverAnswer, isModernError } from "./era-evidence.js";
export type { ClaimedResult, Claim, ClientExtension, ExtensionCore, ExtensionListenOptions, ExtensionProceed, FlowCall, FlowEnd } from "./types.js";
export { defineClientExtension } from "./define-extension.js";
export type { ClientExtensionDefinition, ClientExtensionHost, ExtensionCall } from "./define-extension.js";
