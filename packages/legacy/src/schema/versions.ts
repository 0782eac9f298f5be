/** The initialize-based revisions this package speaks. */
import { LEGACY_LATEST_PROTOCOL_VERSION } from "./types.gen.js";

/**
 * The initialize-based revisions a legacy bridge speaks, newest first. Both
 * are validated with the 2025-11-25 schema, which only widened 2025-06-18's
 * messages (its changelog.mdx: optional icons, URL-mode elicitation, tool use
 * in sampling, titled enums beside the older `enumNames` form, tasks).
 */
export const LEGACY_PROTOCOL_VERSIONS = [LEGACY_LATEST_PROTOCOL_VERSION, "2025-06-18"] as const;

/** One of `LEGACY_PROTOCOL_VERSIONS`. */
export type LegacyProtocolVersion = (typeof LEGACY_PROTOCOL_VERSIONS)[number];
