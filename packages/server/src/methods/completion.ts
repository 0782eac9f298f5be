/**
 * `completion/complete`: suggestions for a prompt argument or a resource
 * template variable, from the completer registered beside it. An argument
 * without a completer gets no suggestions; an unknown prompt, template or
 * argument is -32602; a server with no completer at all does not offer the
 * method (-32601).
 */
import { completionOf, type Completer } from "../completion.js";
import { McpInvalidParamsError, McpMethodNotFoundError } from "../errors.js";
import { templateVariables } from "../uri-template.js";
import type { MethodHandler } from "./method.js";
import { extendContext } from "../serving-context.js";

/** The completer registered under `name` (own keys only: an argument named "constructor" finds nothing inherited). */
const own = (completers: Record<string, Completer> | undefined, name: string) =>
  completers && Object.prototype.hasOwnProperty.call(completers, name) ? completers[name] : undefined;

export const complete: MethodHandler<"completion/complete"> = async (request, ctx, core) => {
  if (!core.registry.completes()) throw new McpMethodNotFoundError(request.method);
  const { ref, argument, context } = request.params;
  let completer: Completer | undefined;
  let where: string;
  if (ref.type === "ref/prompt") {
    const prompt = core.registry.prompts.get(ref.name);
    if (!prompt) throw new McpInvalidParamsError(`Unknown prompt: ${ref.name}`);
    if (!(prompt.arguments ?? []).some((a) => a.name === argument.name)) throw new McpInvalidParamsError(`Prompt ${ref.name} has no argument ${argument.name}`);
    completer = own(prompt.complete, argument.name);
    where = `Prompt "${ref.name}"`;
  } else {
    const template = core.registry.templates.find((t) => t.definition.uriTemplate === ref.uri)?.definition;
    if (!template) throw new McpInvalidParamsError(`Unknown resource template: ${ref.uri}`, { uri: ref.uri });
    if (!templateVariables(template.uriTemplate).includes(argument.name)) {
      throw new McpInvalidParamsError(`Resource template ${ref.uri} has no variable ${argument.name}`);
    }
    completer = own(template.complete, argument.name);
    where = `Resource template "${ref.uri}"`;
  }
  if (!completer) return { resultType: "complete", completion: { values: [], hasMore: false } };
  const answer = await completer(argument.value, extendContext(ctx, { arguments: { ...context?.arguments } }));
  return { resultType: "complete", completion: completionOf(answer, `${where} completer of ${argument.name}`) };
};
