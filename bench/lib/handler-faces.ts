/**
 * The HTTP handler's own cost per flow on each of its two faces, in this
 * process, with no sockets: the fetch face (a web `Request` in, as Deno.serve,
 * Bun.serve or a worker hands it; the `Response` read back) and the entry the
 * Node adapter uses (an `IncomingHttp` in, a JSON answer out). Over sockets on
 * Node the fetch face also pays for Node's web `Request` and streams, which a
 * runtime with native ones does not; this isolates what our code costs on
 * each face.
 */
// The handler from source, beside the module that records its second face (a WeakMap there, so both from the same copy).
import { createHttpHandler } from "../../packages/server/src/http/handler.js";
import { incomingFaceOf } from "../../packages/server/src/http/incoming-face.js";
import { RequestAbort } from "../../packages/server/src/request-abort.js";
import { deployServer } from "../fixtures/mrtr-deploy-tool.js";
import { DEPLOY_HEADERS, deployCall } from "./deploy-flow.js";

type Answer = { status: number; text: string | null };

const HEADERS: Record<string, string> = { host: "127.0.0.1:8080", ...DEPLOY_HEADERS };
const URL_TEXT = "http://127.0.0.1:8080/mcp";
const utf8 = new TextEncoder();

/**
 * CPU µs per flow of each face, `flows` flows 16 at a time after a warm-up,
 * alternating `rounds` times; medians. `runtime` is what the fetch face's
 * caller does around our code (making each `Request`, reading each
 * `Response`), measured with a handler that answers the same JSON without
 * MCP: on Deno, Bun or a worker the runtime does that natively.
 */
export async function handlerFaces(flows: number, rounds: number): Promise<{ fetch: number; entry: number; runtime: number }> {
  const handler = createHttpHandler(deployServer("bench-faces"));
  const entry = incomingFaceOf(handler);
  if (!entry) throw new Error("handler-faces: createHttpHandler no longer records the face the Node adapter uses");
  const body = (params: Record<string, unknown>) => JSON.stringify(deployCall(params));
  const viaFetch = async (params: Record<string, unknown>) => {
    const response = await handler(new Request(URL_TEXT, { method: "POST", headers: HEADERS, body: body(params) }));
    return ((await response.json()) as { result: Record<string, unknown> }).result;
  };
  const url = new URL(URL_TEXT);
  const viaEntry = async (params: Record<string, unknown>) => {
    const bytes = utf8.encode(body(params));
    let request: Request | undefined;
    // As the Node adapter does (node-incoming.ts): the request's abort, its signal made only if read.
    const controller = new RequestAbort();
    const answer = (await entry({
      method: "POST",
      url,
      header: (name: string) => HEADERS[name.toLowerCase()] ?? null,
      readBody: async () => ({ ok: true, bytes }),
      get signal() {
        return controller.signal;
      },
      peer: undefined,
      auth: undefined,
      abort: (reason: Error) => controller.abort(reason),
      abortLink: controller,
      request: () => (request ??= new Request(url, { method: "POST", headers: HEADERS })),
    })) as Answer;
    return (JSON.parse(answer.text ?? "null") as { result: Record<string, unknown> }).result;
  };
  // The runtime's share: the same Request made and Response read, around a handler that reads the body and answers JSON.
  const STATE = { resultType: "input_required", requestState: "fixed", inputRequests: {} };
  const echo = async (request: Request) => {
    const call = JSON.parse(await request.text()) as { id: number; params: { requestState?: string } };
    const result = call.params.requestState ? { resultType: "complete" } : STATE;
    return new Response(JSON.stringify({ jsonrpc: "2.0", id: call.id, result }), { headers: { "content-type": "application/json" } });
  };
  const viaRuntime = async (params: Record<string, unknown>) => {
    const response = await echo(new Request(URL_TEXT, { method: "POST", headers: HEADERS, body: body(params) }));
    return ((await response.json()) as { result: Record<string, unknown> }).result;
  };
  let order = 0;
  const flow = async (call: (p: Record<string, unknown>) => Promise<Record<string, unknown>>) => {
    const params = { name: "deploy", arguments: { env: "prod", order: order++ } };
    const asked = await call(params);
    const done = await call({ ...params, inputResponses: { confirm: { action: "accept", content: { confirm: true } } }, requestState: asked.requestState });
    if (done.resultType !== "complete") throw new Error(`handler-faces: a flow did not complete: ${JSON.stringify(done)}`);
  };
  const cost = async (call: (p: Record<string, unknown>) => Promise<Record<string, unknown>>, n: number) => {
    const start = process.cpuUsage();
    let left = n;
    await Promise.all(Array.from({ length: 16 }, async () => {
      while (left-- > 0) await flow(call);
    }));
    const used = process.cpuUsage(start);
    return (used.user + used.system) / n;
  };
  await cost(viaFetch, flows / 2);
  await cost(viaEntry, flows / 2);
  await cost(viaRuntime, flows / 2);
  const fetch: number[] = [];
  const ent: number[] = [];
  const runtime: number[] = [];
  for (let r = 0; r < rounds; r++) {
    fetch.push(await cost(viaFetch, flows));
    ent.push(await cost(viaEntry, flows));
    runtime.push(await cost(viaRuntime, flows));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { fetch: median(fetch), entry: median(ent), runtime: median(runtime) };
}
