/**
 * The key ring from the environment, for fleets: every instance reads the
 * same two variables, so the same secrets (and so the same derived key ids)
 * seal and open everywhere.
 *
 * - `MRTR_STATE_SECRET`: the secret that seals (required).
 * - `MRTR_STATE_SECRET_PREVIOUS`: other secrets that still open, separated by
 *   commas or white space (optional).
 *
 * Rotation that rolls across instances without breaking flows in flight
 * (old = A, new = B):
 * 1. everywhere `SECRET=A`, `PREVIOUS=B`: every instance can open B's states
 *    before any instance seals with B;
 * 2. everywhere `SECRET=B`, `PREVIOUS=A`: B seals, A's states still open;
 * 3. after the TTL plus clock skew: `SECRET=B` alone.
 * Skipping step 1 breaks flows whose retry reaches an instance not yet
 * updated, since it cannot open a state sealed with B.
 */
import { MIN_SECRET_BYTES, type SecretInput } from "./key-ring.js";
import { WeakSecretError } from "./errors.js";

/** Options of {@link secretsFromEnv}. */
export interface SecretsFromEnvOptions {
  /** The variables to read (default `process.env`; pass your own in runtimes without it). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Name of the sealing secret's variable (default `MRTR_STATE_SECRET`); the others are read from `<name>_PREVIOUS`. */
  name?: string;
}

const utf8 = new TextEncoder();

/**
 * The secrets for `createServer({ requestState: { secrets } })`, newest first:
 * `<name>`, then each of `<name>_PREVIOUS`. Throws, naming the variable and
 * never showing a secret: `RangeError` when `<name>` is unset or a secret is
 * listed twice, {@link WeakSecretError} for one under 32 bytes.
 */
export function secretsFromEnv(options: SecretsFromEnvOptions = {}): SecretInput[] {
  const name = options.name ?? "MRTR_STATE_SECRET";
  if (typeof name !== "string" || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    throw new RangeError(`secretsFromEnv: name must be an environment variable name (got ${JSON.stringify(name)}).`);
  }
  const env = options.env ?? (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  if (env === undefined) throw new RangeError("secretsFromEnv: this runtime has no process.env; pass { env } with the variables.");
  const previousName = `${name}_PREVIOUS`;
  const current = (env[name] ?? "").trim();
  if (current === "") {
    throw new RangeError(
      `secretsFromEnv: ${name} is not set. Set it on every instance to the same random secret of at least ${MIN_SECRET_BYTES} bytes ` +
        "(`openssl rand -base64 32`), from your secret store.",
    );
  }
  const previous = (env[previousName] ?? "").split(/[\s,]+/).filter((s) => s !== "");
  const secrets = [current, ...previous];
  const seen = new Set<string>();
  secrets.forEach((secret, index) => {
    const where = index === 0 ? name : `${previousName} (entry ${index})`;
    const bytes = utf8.encode(secret).length;
    if (bytes < MIN_SECRET_BYTES) {
      throw new WeakSecretError(
        `secretsFromEnv: ${where} is ${bytes} bytes; a request-state secret must be at least ${MIN_SECRET_BYTES} bytes of random data (\`openssl rand -base64 32\`).`,
      );
    }
    if (seen.has(secret)) throw new RangeError(`secretsFromEnv: ${where} repeats a secret already listed; list each secret once.`);
    seen.add(secret);
  });
  return secrets;
}
