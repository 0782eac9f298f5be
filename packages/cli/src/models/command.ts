import type { CommandContext } from "../context.js";
import type { ExitCode } from "../exit-codes.js";
export async function modelsCommand(argv: string[], ctx: CommandContext): Promise<ExitCode> {
  void argv; void ctx;
  return 2;
}
