/** The command line of `mrtr gateway`: the file, and HTTP (port, host) or stdio. */
import { parse } from "../args.js";
import { UsageError } from "../exit-codes.js";

/** What `mrtr gateway` was asked to do. */
export interface GatewayArgs {
  /** `--help`. */
  help: boolean;
  /** The configuration file. */
  config: string;
  /** HTTP on host:port (port 0: any free port), or stdio. */
  serve: { kind: "http"; port: number; host: string } | { kind: "stdio" };
}

/** Parses `mrtr gateway`'s arguments; a bad line is a UsageError (exit 2). */
export function parseGatewayArgs(argv: string[]): GatewayArgs {
  const { values, positionals } = parse("gateway", argv, {
    config: { type: "string", short: "c" },
    port: { type: "string", short: "p" },
    host: { type: "string" },
    stdio: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return { help: true, config: "", serve: { kind: "stdio" } };
  if (positionals.length > 0) throw new UsageError(`mrtr gateway takes no FILE arguments (got ${positionals.join(" ")}): name the configuration with --config FILE. See \`mrtr gateway --help\`.`);
  if (values.config === undefined || values.config === "") throw new UsageError("--config FILE is required: the gateway's configuration file (see @mrtr/gateway's README). See `mrtr gateway --help`.");
  if (values.stdio) {
    if (values.port !== undefined || values.host !== undefined) throw new UsageError("--stdio serves on standard input and output: it takes no --port or --host. See `mrtr gateway --help`.");
    return { help: false, config: values.config, serve: { kind: "stdio" } };
  }
  const port = values.port ?? "3000";
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) throw new UsageError(`--port takes a port number from 0 to 65535 (0: any free port), not ${JSON.stringify(port)}`);
  const host = values.host ?? "127.0.0.1";
  if (host === "" || /[\s/]/.test(host)) throw new UsageError(`--host takes a host name or address, not ${JSON.stringify(host)}`);
  return { help: false, config: values.config, serve: { kind: "http", port: Number(port), host } };
}
