import { createClient, httpTransport } from "@mrtr/client";

// A client of the module, through a balancer that keeps no affinity: each request goes to the next instance.

/** A fetch that sends each request to the next of `endpoints` in turn, recording which one served it. */
export function roundRobin(endpoints: readonly string[], served: string[]): typeof fetch {
  let next = 0;
  return (_input, init) => {
    const endpoint = endpoints[next++ % endpoints.length]!;
    served.push(endpoint);
    return fetch(endpoint, init);
  };
}

/** Calls `split_bill` through `endpoints` (one or more instances), answering its question with `people`. */
export async function splitBill(endpoints: readonly string[], amount: number, people: number): Promise<{ text: string; served: string[] }> {
  const served: string[] = [];
  const client = createClient({
    name: "bill-client",
    version: "1.0.0",
    transport: httpTransport(endpoints[0]!, { fetch: roundRobin(endpoints, served) }),
    elicitation: { form: async () => ({ action: "accept", content: { people } }) },
  });
  try {
    const result = await client.callTool("split_bill", { amount });
    return { text: result.content.map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join("\n"), served };
  } finally {
    await client.close();
  }
}
