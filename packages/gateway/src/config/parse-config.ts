/**
 * `parseGatewayConfig`: a configuration value (a parsed JSON file) checked
 * against `config.schema.json`, then made into `createGateway`'s options:
 * secrets read from the environment, relative working directories taken
 * from the file's folder, the requestState secret read, and the few rules
 * no schema can state (a policy naming an upstream the file lacks, one
 * upstream without namespaces) checked. Every issue is gathered into one
 * `GatewayConfigError`.
 */
import { isAbsolute, resolve } from "node:path";
import { secretsFromEnv } from "@mrtr/server";
import type { GatewayLimits, HttpUpstreamConfig, PolicyRule, StdioUpstreamConfig, UpstreamAuth, UpstreamConfig } from "../options.js";
import { GatewayConfigError, type ConfigIssue } from "./config-error.js";
import { EnvResolver, type EnvReference } from "./env-references.js";
import type { GatewayFileConfig, GatewayFileOptions, GatewayFront } from "./file-config.js";
import { schemaIssues } from "./schema-check.js";

/** Options of {@link parseGatewayConfig}. */
export interface ParseGatewayConfigOptions {
  /** The variables `{ "env": "NAME" }` and the requestState secret are read from (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** The folder relative `cwd`s are taken from (the configuration file's; default: left relative, so the gateway's own). */
  baseDir?: string;
  /** The file the value came from, named in errors. */
  file?: string;
}

type Secret = string | EnvReference;
type RawAuth = { type: "none" } | { type: "bearer"; token: Secret } | { type: "client_credentials"; clientId: string; clientSecret: Secret; scope?: string; dpop?: boolean };
type RawUpstream = Record<string, unknown> & { url?: string; command?: string; auth?: RawAuth; headers?: Record<string, Secret>; env?: Record<string, Secret>; cwd?: string };
interface RawConfig {
  upstreams: Record<string, RawUpstream>;
  name?: string;
  version?: string;
  namespace?: boolean;
  instanceId?: string;
  policy?: PolicyRule[];
  limits?: Partial<GatewayLimits>;
  front?: GatewayFront & { stateSecretEnv?: string };
}

const pointerOf = (...tokens: (string | number)[]) => tokens.map((t) => `/${String(t).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");

/** The upstream's auth with its secrets read. */
function authOf(auth: RawAuth, at: string, env: EnvResolver): UpstreamAuth {
  if (auth.type === "bearer") return { type: "bearer", token: env.resolve(auth.token, `${at}/token`) };
  if (auth.type === "client_credentials") return { ...auth, clientSecret: env.resolve(auth.clientSecret, `${at}/clientSecret`) };
  return { type: "none" };
}

/** One upstream as `createGateway` takes it. */
function upstreamOf(name: string, raw: RawUpstream, env: EnvResolver, baseDir: string | undefined): UpstreamConfig {
  const at = pointerOf("upstreams", name);
  if (raw.url !== undefined) {
    const { auth, headers, ...rest } = raw;
    const upstream = { ...rest } as unknown as HttpUpstreamConfig;
    if (auth !== undefined) upstream.auth = authOf(auth, `${at}/auth`, env);
    if (headers !== undefined) {
      const authorization = Object.keys(headers).find((h) => h.toLowerCase() === "authorization");
      if (authorization !== undefined) env.issues.push({ pointer: `${at}/headers/${authorization.replace(/~/g, "~0")}`, message: 'is set through "auth" ({ "type": "bearer", "token": ... }), not as a header' });
      upstream.headers = env.resolveMap(headers, `${at}/headers`);
    }
    return upstream;
  }
  const { env: vars, cwd, ...rest } = raw;
  const upstream = { ...rest } as unknown as StdioUpstreamConfig;
  if (vars !== undefined) upstream.env = env.resolveMap(vars, `${at}/env`);
  if (cwd !== undefined) upstream.cwd = baseDir === undefined || isAbsolute(cwd) ? cwd : resolve(baseDir, cwd);
  return upstream;
}

/** The requestState secrets from the variable `front.stateSecretEnv` names (or MRTR_STATE_SECRET when set). */
function stateSecrets(front: RawConfig["front"], env: Readonly<Record<string, string | undefined>>, issues: ConfigIssue[]) {
  const named = front?.stateSecretEnv;
  const name = named ?? "MRTR_STATE_SECRET";
  if (named === undefined && (env[name] ?? "").trim() === "") return undefined;
  try {
    return secretsFromEnv({ env, name });
  } catch (error) {
    const message = (error as Error).message.replace(/^secretsFromEnv: /, "");
    issues.push({ pointer: named === undefined ? "" : "/front/stateSecretEnv", message: named === undefined ? `the requestState secret: ${message}` : message });
    return undefined;
  }
}

/** What only the whole file can tell: policies naming upstreams the file lacks, `namespace: false` with more than one upstream. */
function crossChecks(raw: RawConfig, issues: ConfigIssue[]): void {
  const names = Object.keys(raw.upstreams);
  if (raw.namespace === false && names.length !== 1) {
    issues.push({ pointer: "/namespace", message: `false keeps the upstreams' own names, so it needs exactly one upstream (this file has ${names.length})` });
  }
  raw.policy?.forEach((rule, i) =>
    rule.upstreams?.forEach((upstream, j) => {
      if (!names.includes(upstream)) issues.push({ pointer: pointerOf("policy", i, "upstreams", j), message: `names no upstream of this file (its upstreams: ${names.join(", ")})` });
    }),
  );
}

/**
 * Checks a configuration value (the JSON of a gateway configuration file)
 * and returns the gateway's options and how to serve its front. Throws a
 * {@link GatewayConfigError} listing every issue: against the schema (an
 * unknown key, a wrong type, a bad upstream name), a `{ "env": "NAME" }`
 * whose variable is unset, a requestState secret that is missing or weak.
 */
export function parseGatewayConfig(value: unknown, options: ParseGatewayConfigOptions = {}): GatewayFileConfig {
  const fail = (issues: ConfigIssue[]) => new GatewayConfigError(issues, options.file === undefined ? {} : { file: options.file });
  const found = schemaIssues(value);
  if (found.length > 0) throw fail(found);
  const raw = value as RawConfig;
  const env = options.env ?? process.env;
  const issues: ConfigIssue[] = [];
  const resolver = new EnvResolver(env, issues);
  const upstreams: Record<string, UpstreamConfig> = {};
  for (const [name, upstream] of Object.entries(raw.upstreams)) upstreams[name] = upstreamOf(name, upstream, resolver, options.baseDir);
  crossChecks(raw, issues);
  const secrets = stateSecrets(raw.front, env, issues);
  if (issues.length > 0) throw fail(issues);

  const gateway: GatewayFileOptions = { upstreams };
  if (raw.name !== undefined) gateway.name = raw.name;
  if (raw.version !== undefined) gateway.version = raw.version;
  if (raw.namespace !== undefined) gateway.namespace = raw.namespace;
  if (raw.instanceId !== undefined) gateway.instanceId = raw.instanceId;
  if (raw.policy !== undefined) gateway.policy = raw.policy;
  if (raw.limits !== undefined) gateway.limits = raw.limits;
  if (secrets !== undefined) gateway.server = { requestState: { secrets } };
  return { gateway, front: { ...raw.front } };
}
