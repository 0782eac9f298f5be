/**
 * Which tool arguments can be asked like form fields. When a tool's input
 * schema is a flat object of form-like properties (text, numbers, booleans,
 * choices), a host can ask each argument with the same inputs as a form
 * field; otherwise it asks for the arguments as JSON. Shared by the terminal
 * and the browser hosts, and free of any UI library.
 */
import type { FormHandler } from "@mrtr/client";
import { describeForm, type FieldDescription } from "@mrtr/client/elicitation";

/** A form's requested schema, as a form handler receives it. */
export type RequestedSchema = Parameters<FormHandler>[0]["requestedSchema"];

/** A tool as `tools/list` describes it (the parts used here). */
export interface ToolInfo {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { type: "object"; properties?: Record<string, unknown>; required?: string[] };
}

/** Whether `v` is a plain object (not null, not an array). */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether one property of an input schema can be asked like a form field. */
function isFormLike(property: unknown): boolean {
  if (!isRecord(property)) return false;
  switch (property.type) {
    case "string":
    case "number":
    case "integer":
    case "boolean":
      return true;
    case "array":
      return isRecord(property.items) && (Array.isArray(property.items.enum) || Array.isArray(property.items.anyOf));
    default:
      return false;
  }
}

/** The fields of the tool's input schema when every property is form-like; undefined otherwise. */
export function argumentFields(tool: ToolInfo): { fields: FieldDescription[]; schema: RequestedSchema } | undefined {
  const properties = tool.inputSchema.properties ?? {};
  if (!Object.values(properties).every(isFormLike)) return undefined;
  const schema = { type: "object", properties, ...(tool.inputSchema.required && { required: tool.inputSchema.required }) } as RequestedSchema;
  try {
    return { fields: describeForm({ message: "", requestedSchema: schema }).fields, schema };
  } catch {
    return undefined;
  }
}
