import { createServer } from "@mrtr/server";
import { logging, rootsKind, samplingKind } from "@mrtr/deprecated/server";

// A server kept for hosts that still lend their model and their roots (both deprecated by 2026-07-28, as is protocol
// logging): the plugins add ctx.sample, ctx.listRoots and ctx.log. New servers call a model provider themselves,
// take directories as arguments and log to stderr or OpenTelemetry (packages/deprecated/README.md, "Migration").
const quiet = { silenceDeprecationWarning: true }; // each plugin warns once per process otherwise

export const server = createServer({
  name: "project-notes",
  version: "1.0.0",
  inputKinds: [samplingKind(quiet), rootsKind(quiet)],
  features: [logging(quiet)],
});

server.tool({
  name: "describe_project",
  description: "Describes the client's project in one line, with the model and the roots the client lends.",
  async handler(_args, ctx) {
    // Sent only if the request asked for info or a lower level; this line runs once per round (the handler re-runs).
    ctx.log("info", "asking the client's model and roots", "describe");
    // Both questions go in one round: one input_required, one retry carrying both answers.
    const [reply, listed] = await Promise.all([
      ctx.sample("summary", {
        messages: [{ role: "user", content: { type: "text", text: "Describe this project in five words." } }],
        maxTokens: 30,
      }),
      ctx.listRoots(),
    ]);
    const summary = !Array.isArray(reply.content) && reply.content.type === "text" ? reply.content.text : "(no text)";
    ctx.log("notice", { roots: listed.roots.length, model: reply.model }, "describe");
    const where = listed.roots.map((root) => root.name ?? root.uri).join(", ");
    return { content: [{ type: "text", text: `${summary} (in ${where})` }] };
  },
});
