/**
 * Entry point of the terminal client.
 *
 *   npm start -w @mrtr/example-terminal-client            # the built-in demo server
 *   npm start -w @mrtr/example-terminal-client -- <url>   # a server over Streamable HTTP
 */
import { connect, ConnectError } from "./connect.js";
import { runSession } from "./session.js";

const USAGE = `Usage: npm start -w @mrtr/example-terminal-client [-- <server-url>]

With no URL, connects to the built-in demo server in this process.
Environment: MRTR_DEMO_SECRET (the demo server's requestState secret, 32+ bytes; random by default),
             MRTR_OPEN_URLS=1 (open URL steps in the browser after you consent), NO_COLOR.`;

/** Runs the client with the command-line arguments; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [target, ...rest] = argv;
  if (target === "-h" || target === "--help" || rest.length > 0) {
    console.log(USAGE);
    return rest.length > 0 ? 2 : 0;
  }
  try {
    const connection = connect(target);
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
