/**
 * A fleet of two instances, `a` and `b`, behind the round-robin balancer:
 * one shared secret list, and each instance's own replay guard (what each
 * process would build for itself: a `MemoryReplayGuard` by default, or a
 * `RedisReplayGuard` connected to the one Redis they share).
 */
import type { ReplayGuard, SecretInput } from "@mrtr/server";
import { startBalancer, type Balancer } from "./balancer.js";
import { startInstance, type Instance, type Ledger } from "./instance.js";

/** A running fleet: the balancer's URL, each instance, and what they wrote down. */
export interface Fleet {
  readonly url: string;
  readonly instances: readonly Instance[];
  readonly balancer: Balancer;
  readonly ledger: Ledger;
  close(): Promise<void>;
}

/** Starts `a` and `b` with `secrets`, each given `guardFor(name)` (none: the in-memory default), and the balancer. */
export async function startFleet(secrets: SecretInput[], guardFor: (name: string) => ReplayGuard | undefined = () => undefined): Promise<Fleet> {
  const ledger: Ledger = { served: [], charged: [] };
  const instances = await Promise.all(["a", "b"].map((name) => startInstance(name, { secrets, replayGuard: guardFor(name), ledger })));
  const balancer = await startBalancer(instances.map((i) => i.url));
  return {
    url: balancer.url,
    instances,
    balancer,
    ledger,
    async close() {
      await balancer.close();
      await Promise.all(instances.map((i) => i.close()));
    },
  };
}
