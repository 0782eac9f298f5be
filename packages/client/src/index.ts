/**
 * @mrtr/client: a Multi Round-Trip Request client for the Model Context
 * Protocol draft (2026-07-28). Automatic mode answers `input_required` through
 * registered handlers and retries with a new id and the byte-exact
 * requestState; manual mode (`start`/`resume`) hands each round to the
 * application as plain JSON.
 */
export { createClient } from "./client.js";
export type { CallOptions, ClientOptions, McpClient } from "./client.js";
export type { Transport } from "./transport.js";
export { httpTransport, TransportError } from "./http-transport.js";
export type { HttpTransportOptions } from "./http-transport.js";
export { traceFetch } from "./trace.js";
export type { TraceDirection, TraceOptions, TraceRecord, TraceSink } from "./trace.js";
export type { ClientInputKind, FormHandler, InputCheck, InputInfo, UrlHandler } from "./input-kinds.js";
export { elicitationKind } from "./input-kinds.js";
export { isPendingInput } from "./manual.js";
export type { ManualStep, PendingInput } from "./manual.js";
export type { RoundEvent, RoundListener } from "./hooks.js";
export type { FlowPolicy } from "./flow.js";
export {
  FlowAbortedError,
  InvalidAnswerError,
  JsonRpcError,
  MaxRoundsError,
  McpClientError,
  ProtocolViolationError,
  UndeclaredCapabilityError,
} from "./errors.js";
export { checkFormAnswer, describeField, describeForm, formatUrlForDisplay, inspectUrl } from "./elicitation/index.js";
export type {
  FieldDescription,
  FieldFormat,
  FieldKind,
  FieldOption,
  FormAnswerCheck,
  FormDescription,
  FormProblem,
  FormValue,
  UrlDisplayParts,
  UrlInspection,
  UrlWarning,
  UrlWarningCode,
} from "./elicitation/index.js";
