/**
 * `mrtr gateway --config FILE [--port N | --stdio] [--host H]`: runs an
 * @mrtr/gateway from its configuration file until SIGINT or SIGTERM, which
 * close it and exit 0.
 */
import type { CommandContext } from "../context.js";
import { EXIT_OK, type ExitCode } from "../exit-codes.js";
import { parseGatewayArgs } from "./gateway-args.js";
import { runGateway } from "./run-gateway.js";

/** `mrtr gateway --help`. */
export const GATEWAY_HELP = `Usage: mrtr gateway --config FILE [--port N | --stdio] [--host H]

Runs an MCP gateway (@mrtr/gateway): the upstream servers the configuration
file names (over HTTP, or launched over stdio; either protocol era) behind one
2026-07-28 endpoint, with namespaced names, the file's policy and limits.
The file's keys: @mrtr/gateway's config.schema.json and README ("Configuration
file"). Secrets written { "env": "NAME" } are read from the environment, and
the requestState secret from MRTR_STATE_SECRET (or front.stateSecretEnv).

Options:
  -c, --config FILE     the configuration file (required)
  -p, --port N          serve Streamable HTTP on port N (default 3000; 0: any
                        free port), at /mcp (or front.auth.audience's path)
      --host H          the address to listen on (default 127.0.0.1)
      --stdio           serve on standard input and output instead (one
                        client: the program that launched this one)
  -h, --help            this help

Status lines go to stderr. SIGINT or SIGTERM closes the gateway and exits 0.
Exit status 2: a usage error, or a configuration that cannot run (each
problem is listed with its place in the file).
`;

/** Runs `mrtr gateway`: serves until a signal, then closes the gateway. */
export async function gatewayCommand(argv: string[], ctx: CommandContext): Promise<ExitCode> {
  const args = parseGatewayArgs(argv);
  if (args.help) {
    await ctx.stdout.write(GATEWAY_HELP);
    return EXIT_OK;
  }
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    const code = await runGateway(args, ctx, stop.signal);
    // Closed by a signal: exit even if a handle some library left open would keep the process up.
    if (stop.signal.aborted) setTimeout(() => process.exit(code), 2_000).unref();
    return code;
  } finally {
    // After a signal the handlers stay: a loader's own handler (tsx) that looks for others later must still see them.
    if (!stop.signal.aborted) {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    }
  }
}
