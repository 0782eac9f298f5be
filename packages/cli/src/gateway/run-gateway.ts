/**
 * `mrtr gateway`'s work once its arguments are read: load the file (a
 * configuration error is printed, exit 2), create and start the gateway,
 * serve its front until `signal` aborts, close it. `@mrtr/gateway` is
 * imported here, on demand, so other commands never load it.
 */
import type { CommandContext } from "../context.js";
import { EXIT_OK, EXIT_USAGE, type ExitCode } from "../exit-codes.js";
import type { GatewayArgs } from "./gateway-args.js";
import { serveHttp, serveStdioFront } from "./serve.js";

const upstreamCount = (n: number) => `${n} upstream${n === 1 ? "" : "s"}`;

/** Runs the gateway `args` describe until `signal` aborts (or, over stdio, the input ends); resolves to the exit code. */
export async function runGateway(args: GatewayArgs, ctx: CommandContext, signal: AbortSignal): Promise<ExitCode> {
  const say = (line: string) => ctx.stderr.write(`mrtr gateway: ${line}\n`);
  const { createGateway, GatewayConfigError, loadGatewayConfig } = await import("@mrtr/gateway");
  let config: Awaited<ReturnType<typeof loadGatewayConfig>>;
  try {
    config = await loadGatewayConfig(args.config);
  } catch (error) {
    if (!(error instanceof GatewayConfigError)) throw error;
    await say(error.message);
    return EXIT_USAGE;
  }
  let gateway: ReturnType<typeof createGateway>;
  try {
    gateway = createGateway({ ...config.gateway, onWarning: (w) => void say(`warning: upstream ${w.upstream} (${w.kind}): ${w.message}`) });
  } catch (error) {
    await say(`cannot create the gateway from ${args.config}: ${(error as Error).message}`);
    return EXIT_USAGE;
  }
  const upstreams = upstreamCount(Object.keys(config.gateway.upstreams).length);
  try {
    await gateway.start();
    if (signal.aborted) return EXIT_OK;
    if (args.serve.kind === "stdio") {
      await say(`serving on stdio (${upstreams})`);
      await serveStdioFront(gateway, signal);
      return EXIT_OK;
    }
    try {
      await serveHttp(gateway, { port: args.serve.port, host: args.serve.host, front: config.front, onListening: (url) => void say(`listening on ${url} (${upstreams})`) }, signal);
    } catch (error) {
      await say(`cannot serve on ${args.serve.host}:${args.serve.port}: ${(error as Error).message}`);
      return EXIT_USAGE;
    }
    return EXIT_OK;
  } finally {
    await gateway.close();
  }
}
