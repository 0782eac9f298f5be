/**
 * Random bytes for state ids and IVs, drawn from the platform's CSPRNG
 * (`crypto.getRandomValues`) 4 KiB at a time and handed out in slices, each
 * byte once: a draw for every seal crossed into native code for 28 bytes,
 * about 5 % of a flow's CPU. The bytes are as random; only the number of
 * calls changes (Node's own `randomUUID` keeps such a cache).
 */

const POOL_BYTES = 4096;
let pool = new Uint8Array(0);
let offset = 0;

/** `n` fresh random bytes (n at most 4096), in a new array. */
export function randomBytes(n: number): Uint8Array<ArrayBuffer> {
  if (offset + n > pool.length) {
    pool = globalThis.crypto.getRandomValues(new Uint8Array(POOL_BYTES));
    offset = 0;
  }
  const out = pool.slice(offset, offset + n);
  pool.fill(0, offset, offset + n); // handed out bytes do not stay behind
  offset += n;
  return out;
}
