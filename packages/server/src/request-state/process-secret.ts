/**
 * The request-state secret of a server started without `requestState.secrets`:
 * 32 random bytes drawn once per process, so every such server of the process
 * seals with the same key (their audiences still keep their states apart) and
 * nothing opens after a restart or on another instance.
 */

let processSecret: Uint8Array | undefined;

/** The process's random request-state secret, drawn on first use. */
export function processStateSecret(): Uint8Array {
  processSecret ??= crypto.getRandomValues(new Uint8Array(32));
  return processSecret;
}

/** What a server started without secrets says once, through `onWarning`. */
export const EPHEMERAL_STATE_KEY_WARNING =
  "mrtr server: no requestState.secrets given, so request states are sealed with a random key of this process: " +
  "a retry will not open on another instance or after a restart (the client is asked to start over). " +
  "For more than one instance, give every instance the same secret: " +
  "requestState: { secrets: secretsFromEnv() } with MRTR_STATE_SECRET set to `openssl rand -base64 32`.";
