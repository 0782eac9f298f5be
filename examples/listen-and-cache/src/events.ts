/**
 * Reading a listen stream one event at a time, with a time limit, so a
 * notification that never comes fails the example instead of hanging it.
 */
import type { ListenEvent } from "@mrtr/client";

/** The next event of `events`; rejects after `timeoutMs` without one, or when the stream ended. */
export async function nextEvent(events: AsyncIterator<ListenEvent>, timeoutMs = 5_000): Promise<ListenEvent> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No listen event within ${timeoutMs} ms.`)), timeoutMs);
  });
  try {
    const next = await Promise.race([events.next(), late]);
    if (next.done) throw new Error("The listen stream ended.");
    return next.value;
  } finally {
    clearTimeout(timer);
  }
}
