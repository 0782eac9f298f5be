/**
 * `@mrtr/client/plugin`: what plugins build on: input kinds (such as
 * @mrtr/deprecated's sampling and roots), and eras (@mrtr/legacy/client),
 * which wrap the transport and read its wire.
 */
export type { ClientInputKind, InputCheck, InputInfo } from "./input-kinds.js";
export type { ClientEra, EraClient } from "./eras.js";
export type { ChannelWire, HttpWire, TransportWire, WireChannel } from "./wire.js";
export { isDiscoverAnswer, isModernError } from "./era-evidence.js";
