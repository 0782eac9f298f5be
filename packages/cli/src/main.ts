/**
 * `mrtr`: the command line. Dispatches to a command and maps failures to exit
 * codes: a usage error prints what to type and exits 2.
 */
import { connectCommand } from "./connect/command.js";
import type { CommandContext } from "./context.js";
import { EXIT_OK, EXIT_USAGE, UsageError, type ExitCode } from "./exit-codes.js";
import { gatewayCommand } from "./gateway/command.js";
import { initCommand } from "./init/command.js";
import { lintTraceCommand } from "./lint/command.js";
import { modelsCommand } from "./models/command.js";
import { ownManifest } from "./own-manifest.js";
import { validateCommand } from "./validate/command.js";

export const HELP = `Usage: mrtr COMMAND [options]

The Model Context Protocol draft (2026-07-28), from the command line.

Commands:
  validate FILE...      validate messages (.json, .jsonl, - for stdin)
  lint-trace FILE...    check recorded client-server traffic against the rules
                        no schema can express (see docs/trace-format.md)
  models --lang L -o D  generate model types for another language
  init [DIR]            write a small MCP server project (TypeScript or
                        JavaScript) that installs, builds and tests as is
  connect URL           serve a remote MCP server over stdio, signed in with
                        OAuth (browser once, tokens cached), for hosts
  gateway --config F    run an MCP gateway: many upstream servers behind one
                        endpoint (HTTP, or --stdio), from a configuration file

Run \`mrtr COMMAND --help\` for a command's options.
Exit status: 0 valid, 1 invalid, 2 usage or I/O error.
`;

const COMMANDS: Record<string, (argv: string[], ctx: CommandContext) => Promise<ExitCode>> = {
  validate: validateCommand,
  "lint-trace": lintTraceCommand,
  models: modelsCommand,
  init: initCommand,
  connect: connectCommand,
  gateway: gatewayCommand,
};

/** Runs one command line (without the `node` and script arguments); resolves to the exit code. */
export async function main(argv: string[], ctx: CommandContext): Promise<ExitCode> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === "help" || command === "--help" || command === "-h") {
      ctx.stdout.write(HELP);
      return command === undefined ? EXIT_USAGE : EXIT_OK;
    }
    if (command === "--version" || command === "-v") {
      ctx.stdout.write(`${ownManifest().version}\n`);
      return EXIT_OK;
    }
    const run = Object.prototype.hasOwnProperty.call(COMMANDS, command) ? COMMANDS[command] : undefined;
    if (!run) throw new UsageError(`Unknown command ${JSON.stringify(command)}. Commands: ${Object.keys(COMMANDS).join(", ")}. See \`mrtr --help\`.`);
    return await run(rest, ctx);
  } catch (error) {
    if (error instanceof UsageError) {
      ctx.stderr.write(`mrtr: ${error.message}\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
}
