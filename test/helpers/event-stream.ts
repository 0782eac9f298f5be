/**
 * Reading an HTTP response's event stream in tests: the messages of its
 * events, each with its event id, until the test has seen enough.
 */
type Json = Record<string, any>;

/** Reads event-stream messages (with their event ids) off a response until `enough` or the stream ends, then lets it go. */
export async function readEvents(response: Response, enough: (seen: Json[]) => boolean, ms = 10_000): Promise<(Json & { eventId?: string })[]> {
  const reader = response.body!.getReader();
  const seen: (Json & { eventId?: string })[] = [];
  let buffer = "";
  const decoder = new TextDecoder();
  const deadline = Date.now() + ms;
  while (!enough(seen) && Date.now() < deadline) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const idle = new Promise<{ done: true; value: undefined }>((r) => (timer = setTimeout(() => r({ done: true, value: undefined }), deadline - Date.now())));
    const { value, done } = await Promise.race([reader.read(), idle]);
    clearTimeout(timer);
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = /^data: (.*)$/m.exec(block)?.[1];
      const id = /^id: (.*)$/m.exec(block)?.[1];
      if (data) seen.push({ ...(JSON.parse(data) as Json), ...(id !== undefined && { eventId: id }) });
    }
  }
  void reader.cancel().catch(() => undefined);
  return seen;
}
