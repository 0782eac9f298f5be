/**
 * Asking for a tool's arguments before calling it. When the tool's input
 * schema is a flat object of form-like properties (text, numbers, booleans,
 * choices) each argument is asked with the same prompts as a form field;
 * otherwise the user types the arguments as JSON.
 */
import { log, text } from "@clack/prompts";
import { describeForm, type FieldDescription } from "@mrtr/client/elicitation";
import { askField, OMITTED, type FieldValue, type RequestedSchema } from "./ask-field.js";
import { answered } from "./prompt-cancel.js";
import { oneLine } from "./sanitize.js";
import { accent } from "./style.js";

/** A tool as `tools/list` describes it (the parts used here). */
export interface ToolInfo {
  name: string;
  title?: string;
  inputSchema: { type: "object"; properties?: Record<string, unknown>; required?: string[] };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

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

/** Asks for the tool's arguments. Throws PromptCancelled on Ctrl+C. */
export async function askArguments(tool: ToolInfo): Promise<Record<string, unknown>> {
  const properties = tool.inputSchema.properties ?? {};
  if (Object.keys(properties).length === 0) return {};
  log.step(`Arguments of ${accent(oneLine(tool.title ?? tool.name))}`);
  const form = argumentFields(tool);
  if (form) {
    const args: Record<string, FieldValue> = {};
    for (const field of form.fields) {
      const value = await askField(field, form.schema);
      if (value !== OMITTED) args[field.name] = value;
    }
    return args;
  }
  const raw = answered(
    await text({
      message: "Arguments, as a JSON object",
      initialValue: "{}",
      validate: (value) => {
        try {
          return isRecord(JSON.parse(value ?? "")) ? undefined : "Enter a JSON object, such as {\"q\": \"text\"}.";
        } catch (error) {
          return `Not JSON: ${(error as Error).message}`;
        }
      },
    }),
  );
  return JSON.parse(raw) as Record<string, unknown>;
}
