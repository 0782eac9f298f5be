/**
 * request-state: seal+open round trips per second and sealed size for a
 * typical MRTR state, ours (`RequestStateCodec`: AES-256-GCM, bound to
 * audience, principal, method and params digest) beside the official
 * TypeScript SDK's `createRequestStateCodec` (HMAC-SHA256, signed not
 * encrypted, bound through its `bind` callback to method and principal).
 *
 * One operation = seal (mint) then open (verify) of the same state, awaited in
 * turn. "ours + digest" also computes `paramsDigest` of the request on each
 * leg, as a server does (the SDK codec has no params binding to pay for).
 * Prints figures and ratios; asserts nothing beyond both codecs working.
 *
 * Run: node --import tsx bench/request-state.ts
 * Knobs: BENCH_WARMUP_MS (300), BENCH_MS (500, per contender per round), BENCH_ROUNDS (5).
 */
import { createRequestStateCodec, type ServerContext } from "@modelcontextprotocol/server";
import { paramsDigest, RequestStateCodec, type StateBinding } from "@mrtr/server/request-state";

const warmupMs = Number(process.env.BENCH_WARMUP_MS ?? 300);
const ms = Number(process.env.BENCH_MS ?? 500);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);

// --- the state and the request it answers ----------------------------------------

const data = {
  step: 2,
  answers: { confirm: { action: "accept", content: { confirm: true } } },
  cart: [
    { sku: "SKU-1001", qty: 1, price: 1299 },
    { sku: "SKU-2044", qty: 2, price: 450 },
    { sku: "SKU-3310", qty: 1, price: 8999 },
  ],
};
const params = {
  name: "checkout",
  arguments: { cartId: "cart-7f3a", shipping: "express" },
  _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": { elicitation: {} } },
};
const secret = "bench-secret-0123456789abcdefghijklmnopqrstuv";
const principal = "user-123";

// --- contenders -------------------------------------------------------------------

const ours = new RequestStateCodec({ secrets: [secret], audience: "https://mcp.example.com" });
const binding: StateBinding = { method: "tools/call", paramsDigest: await paramsDigest(params), principal };

const theirs = createRequestStateCodec<typeof data>({
  key: secret,
  bind: (ctx) => `${ctx.mcpReq.method}\0${ctx.http?.authInfo?.clientId ?? ""}`,
});
// Only what `bind` reads; the codec looks at nothing else.
const ctx = { mcpReq: { method: "tools/call" }, http: { authInfo: { clientId: principal } } } as unknown as ServerContext;

let sink = 0;
type Op = () => Promise<void>;
const contenders: Record<string, Op> = {
  ours: async () => {
    const token = await ours.seal(data, binding);
    const opened = await ours.open<typeof data>(token, binding);
    if (!opened.ok) throw new Error(`ours refused its own state: ${opened.reason}`);
    sink += opened.state.data.step;
  },
  "ours + digest": async () => {
    const token = await ours.seal(data, { method: "tools/call", paramsDigest: await paramsDigest(params), principal });
    const retry = { ...params, requestState: token, inputResponses: {} };
    const opened = await ours.open<typeof data>(token, { method: "tools/call", paramsDigest: await paramsDigest(retry), principal });
    if (!opened.ok) throw new Error(`ours refused its own state: ${opened.reason}`);
    sink += opened.state.data.step;
  },
  "official SDK": async () => {
    const token = await theirs.mint(data, ctx);
    const opened = await theirs.verify(token, ctx);
    sink += opened.step;
  },
};

async function throughput(op: Op, duration: number): Promise<number> {
  let count = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    for (let i = 0; i < 50; i++) await op();
    count += 50;
    elapsed = performance.now() - start;
  } while (elapsed < duration);
  return count / (elapsed / 1000);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// --- run --------------------------------------------------------------------------

const names = Object.keys(contenders);
for (const name of names) await throughput(contenders[name]!, warmupMs);
const samples = new Map(names.map((n) => [n, [] as number[]]));
for (let round = 0; round < rounds; round++) {
  for (const name of names) samples.get(name)!.push(await throughput(contenders[name]!, ms));
}
const opsPerSecond = new Map(names.map((n) => [n, median(samples.get(n)!)]));

const ourToken = await ours.seal(data, binding);
const theirToken = await theirs.mint(data, ctx);
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

console.log(`request-state: seal+open of a typical state (${JSON.stringify(data).length}-byte JSON), median of ${rounds} rounds of ${ms} ms`);
for (const name of names) console.log(`  ${name.padEnd(14)} ${fmt(opsPerSecond.get(name)!).padStart(9)} ops/s`);
const theirOps = opsPerSecond.get("official SDK")!;
console.log(`  ratio ours / official SDK: ${(opsPerSecond.get("ours")! / theirOps).toFixed(2)} (with paramsDigest: ${(opsPerSecond.get("ours + digest")! / theirOps).toFixed(2)})`);
console.log(`  sealed size: ours ${ourToken.length} bytes (encrypted), official SDK ${theirToken.length} bytes (signed, readable); ratio ${(ourToken.length / theirToken.length).toFixed(2)}`);
if (sink === 0) console.log("(unreachable)");
