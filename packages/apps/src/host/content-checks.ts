/**
 * What is wrong with content blocks a view sends (`ui/message`,
 * `ui/update-model-context`): the MCP shapes of text, image, audio, resource
 * links and embedded resources. Undefined: nothing.
 */
import { isPlainObject } from "./json-size.js";

/** A content block as checked: its `type` and the fields that type requires. */
export type ContentBlock = Readonly<Record<string, unknown>> & {
  /** `text`, `image`, `audio`, `resource_link` or `resource`. */
  readonly type: string;
};

const isString = (value: unknown): value is string => typeof value === "string";

/** The fields each content type requires to be strings. */
const REQUIRED_STRINGS: Readonly<Record<string, readonly string[]>> = {
  text: ["text"],
  image: ["data", "mimeType"],
  audio: ["data", "mimeType"],
  resource_link: ["uri", "name"],
  resource: [],
};

/** What is wrong with one content block, `at` naming where it is. */
export function contentBlockProblem(block: unknown, at: string): string | undefined {
  if (!isPlainObject(block) || !isString(block.type)) return `${at} must be a content block with a type`;
  const required = REQUIRED_STRINGS[block.type];
  if (!Object.hasOwn(REQUIRED_STRINGS, block.type) || !required) return `${at}.type must be one of ${Object.keys(REQUIRED_STRINGS).join(", ")}`;
  const missing = required.find((field) => !isString(block[field]));
  if (missing) return `${at}.${missing} must be a string`;
  if (block.type === "resource") return embeddedProblem(block.resource, `${at}.resource`);
  for (const field of ["annotations", "_meta"]) if (field in block && !isPlainObject(block[field])) return `${at}.${field} must be an object`;
  return undefined;
}

function embeddedProblem(resource: unknown, at: string): string | undefined {
  if (!isPlainObject(resource) || !isString(resource.uri)) return `${at} must be an object with a uri`;
  if (isString(resource.text) === isString(resource.blob)) return `${at} must carry either text or blob (a string)`;
  return undefined;
}

/** What is wrong with a list of content blocks. */
export function contentListProblem(list: unknown, at: string): string | undefined {
  if (!Array.isArray(list)) return `${at} must be an array of content blocks`;
  for (let i = 0; i < list.length; i++) {
    const problem = contentBlockProblem(list[i], `${at}[${i}]`);
    if (problem) return problem;
  }
  return undefined;
}
