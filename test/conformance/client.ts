/**
 * Our client, driven by the official conformance suite: the scenario comes in
 * MCP_CONFORMANCE_SCENARIO, the server URL is the last argument.
 * `npm run conformance:client -- URL`; with `--legacy` the client carries
 * @mrtr/client/legacy's plugin (the 2025-11-25 requirement set's servers
 * are initialize-based). It carries it too when the suite announces an
 * earlier revision in MCP_CONFORMANCE_PROTOCOL_VERSION: extension scenarios,
 * run with no spec filter, serve the suite's default, 2025-11-25.
 */
import { createPrivateKey } from "node:crypto";
import { createClient, httpTransport, type FormHandler, type HttpTransportOptions } from "@mrtr/client";
import { callbackUserAgent, withAuth, type AuthEvent, type AuthOptions } from "@mrtr/client/auth";
import { describeForm } from "@mrtr/client/elicitation";
import { legacyClient } from "@mrtr/client/legacy";

/** Answers any form with defaults, or plausible values for each field kind. */
const answerForm: FormHandler = async (params) => {
  const content: Record<string, string | number | boolean | string[]> = {};
  for (const f of describeForm(params).fields) {
    if (f.default !== undefined) continue;
    if (!f.required) continue;
    switch (f.kind) {
      case "boolean":
        content[f.name] = true;
        break;
      case "number":
      case "integer":
        content[f.name] = f.min ?? 1;
        break;
      case "select":
        content[f.name] = f.options?.[0]?.value ?? "";
        break;
      case "multiselect":
        content[f.name] = (f.options ?? []).slice(0, Math.max(1, f.minItems ?? 1)).map((o) => o.value);
        break;
      default:
        content[f.name] = f.format === "email" ? "conformance@example.com" : f.format === "uri" ? "https://example.com" : f.format === "date" ? "2026-07-28" : f.format === "date-time" ? "2026-07-28T00:00:00Z" : "conformance";
    }
  }
  return { action: "accept", content };
};

/** The Client ID Metadata Document URL the suite's authorization servers expect. */
const CLIENT_METADATA_URL = "https://conformance-test.local/client-metadata.json";

/** What the suite passes in MCP_CONFORMANCE_CONTEXT to the auth scenarios (each uses some of it). */
interface AuthContext {
  client_id?: string;
  client_secret?: string;
  issuer?: string;
  private_key_pem?: string;
  signing_algorithm?: string;
  idp_client_id?: string;
  idp_id_token?: string;
  idp_issuer?: string;
  idp_token_endpoint?: string;
  valid_jwt?: string;
}

/**
 * The extension scenarios' way of obtaining tokens, from the context: client
 * credentials (secret, or a PKCS#8 key handed over as a JWK), the workload
 * JWT as a JWT bearer assertion, the IdP's ID token for enterprise-managed
 * authorization. DPoP scenarios run the interactive flow with `dpop: true`.
 */
function grantOptions(scenario: string, context: AuthContext): Partial<AuthOptions> | undefined {
  const clientId = context.client_id ?? "";
  switch (scenario) {
    case "auth/client-credentials-basic":
      return { clientCredentials: { clientId, clientSecret: context.client_secret ?? "" } };
    case "auth/client-credentials-jwt": {
      const jwk = createPrivateKey(context.private_key_pem ?? "").export({ format: "jwk" }) as JsonWebKey;
      return { clientCredentials: { clientId, privateKey: { ...jwk, alg: context.signing_algorithm ?? "ES256" } } };
    }
    case "auth/wif-jwt-bearer":
      return { jwtBearer: { assertion: context.valid_jwt ?? "", client: { clientId } } };
    case "auth/enterprise-managed-authorization":
      return {
        enterpriseManaged: {
          identityAssertion: context.idp_id_token ?? "",
          idp: { ...(context.idp_issuer !== undefined && { issuer: context.idp_issuer }), ...(context.idp_token_endpoint !== undefined && { tokenEndpoint: context.idp_token_endpoint }), client: { clientId: context.idp_client_id ?? "" } },
          client: { clientId, clientSecret: context.client_secret ?? "", method: "client_secret_basic" },
        },
      };
    default:
      return undefined;
  }
}

/**
 * Auth scenarios: the suite's authorization server approves at once and
 * redirects, so the user agent follows the authorization URL headless and
 * hands the redirect back. Pre-registered credentials come in
 * MCP_CONFORMANCE_CONTEXT ({ client_id, client_secret, issuer }); the
 * extension scenarios' credentials too (see `grantOptions`).
 */
function authTransportOptions(scenario: string): HttpTransportOptions {
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}") as AuthContext;
  const onEvent = (event: AuthEvent) => console.error(`auth: ${JSON.stringify(event)}`);
  const grant = grantOptions(scenario, context);
  if (grant) return { fetch: withAuth(fetch, { ...grant, onEvent }) };
  const userAgent = callbackUserAgent({
    redirectUri: "http://127.0.0.1:3000/callback",
    open: async (authorizationUrl) => {
      const response = await fetch(authorizationUrl, { redirect: "manual" });
      const location = response.headers.get("location");
      if (location === null) throw new Error(`the authorization endpoint answered ${response.status} without a redirect`);
      userAgent.complete(new URL(location, authorizationUrl));
    },
  });
  const options: AuthOptions = {
    client: {
      name: "mrtr-conformance-client",
      metadataUrl: CLIENT_METADATA_URL,
      ...(context.client_id !== undefined &&
        context.issuer !== undefined && {
          preRegistered: { [context.issuer]: { clientId: context.client_id, ...(context.client_secret !== undefined && { clientSecret: context.client_secret }) } },
        }),
    },
    userAgent,
    ...(scenario.startsWith("auth/dpop") && { dpop: true }),
    onEvent,
  };
  return { fetch: withAuth(fetch, options) };
}

async function main(): Promise<void> {
  const url = process.argv[process.argv.length - 1]!;
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
  const client = createClient({
    transport: httpTransport(url, scenario.startsWith("auth/") ? authTransportOptions(scenario) : {}),
    name: "mrtr-conformance-client",
    version: "1.0.0",
    elicitation: { form: answerForm, url: async () => ({ action: "accept" }) },
    timeoutMs: 25_000,
    ...((process.argv.includes("--legacy") || (process.env.MCP_CONFORMANCE_PROTOCOL_VERSION ?? "2026-07-28") < "2026-07-28") && { legacy: legacyClient() }),
  });
  if (scenario.startsWith("auth/")) {
    // The protected test server offers tools only: list them and call each.
    const { tools } = await client.listTools();
    for (const tool of tools) await client.callTool(tool.name, {});
    return;
  }
  switch (scenario) {
    case "sep-2322-client-request-state":
      for (const name of ["test_mrtr_echo_state", "test_mrtr_no_state", "test_mrtr_unrelated", "test_mrtr_no_result_type"]) {
        await client.callTool(name, {});
      }
      break;
    case "http-custom-headers": {
      // The scenario names the calls to make; listing first teaches the client each tool's x-mcp-header parameters.
      const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}") as { toolCalls?: { name: string; arguments: Record<string, unknown> }[] };
      await client.listTools();
      for (const call of context.toolCalls ?? []) await client.callTool(call.name, call.arguments);
      break;
    }
    case "http-invalid-tool-headers": {
      // Tools with invalid annotations are left out of the listing; every tool that remains is called.
      const { tools } = await client.listTools();
      for (const tool of tools) await client.callTool(tool.name, {}).catch(() => undefined);
      break;
    }
    case "json-schema-2020-12-preservation": {
      // Hands the focal tool's inputSchema back as received: nothing stripped, nothing dereferenced.
      const { tools } = await client.listTools();
      const focal = tools.find((t) => t.name === "json_schema_2020_12_tool");
      if (focal) await client.callTool("json_schema_echo", { schema: focal.inputSchema });
      break;
    }
    case "json-schema-ref-no-deref":
      await client.listTools();
      break;
    case "tools_call": {
      const { tools } = await client.listTools();
      const add = tools.find((t) => t.name === "add_numbers");
      if (add) await client.callTool("add_numbers", { a: 2, b: 3 });
      break;
    }
    default: {
      // request-metadata, http-standard-headers and others: exercise every request kind the server offers.
      const discovered = await client.discover().catch(() => undefined);
      const caps = discovered?.capabilities ?? { tools: {}, prompts: {}, resources: {} };
      if (caps.tools) {
        const { tools } = await client.listTools();
        for (const tool of tools) await client.callTool(tool.name, {}).catch(() => undefined);
      }
      if (caps.prompts) {
        const { prompts } = await client.listPrompts();
        for (const p of prompts) await client.getPrompt(p.name, {}).catch(() => undefined);
      }
      if (caps.resources) {
        const { resources } = await client.listResources();
        for (const r of resources) await client.readResource(r.uri).catch(() => undefined);
      }
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
