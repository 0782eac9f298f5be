/**
 * Entry point of the terminal client.
 *
 *   npm start -w @mrtr/example-terminal-client            # the built-in demo server
 *   npm start -w @mrtr/example-terminal-client -- <url>   # a server over Streamable HTTP
 *   npm start -w @mrtr/example-terminal-client -- --stdio <command> [args…]   # a server launched over stdio
 */
import { connect, ConnectError, connectStdio, type Connection } from "./connect.js";
import { runSession } from "./session.js";

const USAGE = `Usage: npm start -w @mrtr/example-terminal-client [-- <server-url> | -- --stdio <command> [args…]]

With no URL, connects to the built-in demo server in this process; with --stdio,
launches the command (no shell) and talks to it over its stdin and stdout.
Servers of 2026-07-28 and of the initialize-based revisions (2025-11-25,
2025-06-18) alike: which one a server speaks is found out on the first request.
Environment: MRTR_DEMO_SECRET (the demo server's requestState secret, 32+ bytes; random by default),
             MRTR_OPEN_URLS=1 (open URL steps in the browser after you consent), NO_COLOR.`;

/** Runs the client with the command-line arguments; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [target, ...rest] = argv;
  const stdio = target === "--stdio";
  if (target === "-h" || target === "--help" || (stdio ? rest.length === 0 : rest.length > 0)) {
    console.log(USAGE);
    return target === "-h" || target === "--help" ? 0 : 2;
  }
  try {
    const connection: Connection = stdio ? connectStdio(rest[0]!, rest.slice(1)) : connect(target);
    try {
      await runSession(connection);
    } finally {
      await connection.close?.();
    }
    return 0;
  } catch (error) {
    if (error instanceof ConnectError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
