/** CPU time a child process has used, from /proc (Linux): what a server costs per flow, whatever the client costs. */
import { readFileSync } from "node:fs";

const TICK_US = 10_000; // USER_HZ is 100 on Linux

/** User + system CPU of process `pid` so far, in µs; undefined where /proc is absent. */
export function processCpuUs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return undefined;
  }
}
