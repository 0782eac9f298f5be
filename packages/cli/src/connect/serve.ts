/**
 * What `mrtr connect` runs: a one-upstream gateway (names kept as the remote
 * server gives them) whose upstream fetch signs in (`withAuth`), served over
 * this process's stdio. The gateway lists the remote server when it starts,
 * so a sign-in that is needed happens then, before the host's first request
 * is read; when it fails (or the server is down) the process serves anyway
 * and lists the server again before a later request (`retry-when-down.ts`).
 * stdin ending, SIGINT or SIGTERM close the gateway and the loopback
 * listener, and the process exits 0. A credentials file that others could
 * read stops it before anything is served (exit 2, the fix on stderr).
 */
import type { UpstreamStatus } from "@mrtr/gateway";
import { EXIT_OK, EXIT_USAGE, type ExitCode } from "../exit-codes.js";
import { connectAuth, serverKey, type ConnectAuth } from "./auth-options.js";
import type { ConnectSettings } from "./connect-settings.js";
import { authDirectory } from "./config-dir.js";
import { FileAuthStore, InsecureCredentialsFileError } from "./file-auth-store.js";
import { retryWhenDown } from "./retry-when-down.js";

/** The upstream's name inside the gateway (not visible to the host: names are not namespaced). */
const UPSTREAM = "remote";

/** Writes a line for the person to stderr (stdout carries only the protocol). */
const say = (line: string) => void process.stderr.write(`mrtr connect: ${line}\n`);

/** Runs `once` the first time it is called; later calls get the same promise. */
function once(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= task());
}

/**
 * The store of `env` and the authorization options, checked: a tokens (or
 * DPoP key) file that others could read stops the command here, with the fix.
 */
async function checkedAuth(settings: ConnectSettings, env: NodeJS.ProcessEnv): Promise<{ store: FileAuthStore; auth: ConnectAuth } | undefined> {
  const store = new FileAuthStore({ directory: authDirectory(env), warn: say });
  try {
    await store.getTokens(serverKey(settings.url));
    return { store, auth: await connectAuth(settings, env, store) };
  } catch (error) {
    if (!(error instanceof InsecureCredentialsFileError)) throw error;
    say(error.message);
    return undefined;
  }
}

/** Says how the start went: connected, or serving without the remote server for now (with a hint when DPoP seems to be what is missing). */
function reportStart(upstream: UpstreamStatus | undefined, settings: ConnectSettings): void {
  if (upstream?.state === "up") return say(`connected: ${upstream.items} tools, prompts and resources; serving over stdio`);
  if (!settings.dpop && /dpop/i.test(upstream?.lastError ?? "")) say("the server seems to accept DPoP-bound tokens only: add --dpop to the command line");
  say("serving over stdio anyway, without the remote server's tools for now (see above); trying again before a later request");
}

/** Serves the remote server of `settings` over stdio until the host goes away; resolves to the exit code. */
export async function serveConnect(settings: ConnectSettings, env: NodeJS.ProcessEnv): Promise<ExitCode> {
  const checked = await checkedAuth(settings, env);
  if (!checked) return EXIT_USAGE;
  const { store, auth } = checked;
  const { withAuth } = await import("@mrtr/client/auth");
  const { createGateway } = await import("@mrtr/gateway");
  const { serveStdio } = await import("@mrtr/server/stdio");
  const gateway = createGateway({
    namespace: false,
    name: "mrtr-connect",
    upstreams: { [UPSTREAM]: { url: settings.url.href, headers: settings.headers, fetch: withAuth((input, init) => fetch(input, init), auth.options) } },
    onWarning: (warning) => say(warning.message),
    // One process serves one host: a key of this process is all request states need (and saying so would only be noise).
    server: { requestState: { secrets: [crypto.getRandomValues(new Uint8Array(32))] } },
  });
  const shutdown = once(async () => {
    await gateway.close().catch((error: unknown) => say(`closing: ${(error as Error)?.message ?? String(error)}`));
    await auth.close().catch(() => undefined);
  });
  let serving: { close(): Promise<void> } | undefined;
  const stop = () => void (serving ? serving.close() : shutdown().then(() => process.exit(0)));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);

  say(`connecting to ${settings.url.href} (${auth.grant === "interactive" ? "signing in with the browser if needed" : "client credentials"}; tokens in ${store.directory})`);
  await gateway.start();
  reportStart(gateway.status()[0], settings);
  gateway.server.use(retryWhenDown(gateway, UPSTREAM));
  const running = serveStdio(gateway.server, { onEnd: shutdown });
  serving = running;
  await running.closed;
  return EXIT_OK;
}
