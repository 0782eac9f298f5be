/**
 * Asking for a tool's arguments before calling it. When the tool's input
 * schema is a flat object of form-like properties (argument-fields.ts) each
 * argument is asked with the same prompts as a form field; otherwise the user
 * types the arguments as JSON.
 */
import { log, text } from "@clack/prompts";
import { argumentFields, isRecord, type ToolInfo } from "./argument-fields.js";
import { askField, OMITTED, type FieldValue } from "./ask-field.js";
import { answered } from "./prompt-cancel.js";
import { oneLine } from "./sanitize.js";
import { accent } from "./style.js";

export type { ToolInfo } from "./argument-fields.js";

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
