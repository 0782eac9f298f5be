// A stand-in for the user's web browser, signed in to the calendar site as someone. A host hands it a URL
// only after the user said yes; the user then takes a moment there (`delayMs`) before the page is done.

/** A browser: `open(url)` as a host's "open in browser", and what came of each page opened. */
export interface Browser {
  /** Opens `url` in the background, as a system browser would; returns at once. */
  open(url: string): void;
  /** The URLs opened, in order. */
  readonly opened: string[];
  /** Resolves when every page opened so far has loaded. */
  idle(): Promise<void>;
}

/** A browser whose session on the calendar site is `user`'s. */
export function browserSignedInAs(user: string, { delayMs = 0 } = {}): Browser {
  const opened: string[] = [];
  const loads: Promise<void>[] = [];
  return {
    opened,
    open(url) {
      opened.push(url);
      const load = async () => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        // The session cookie is what the connect page checks the link against.
        const response = await fetch(url, { headers: { cookie: `session=${user}` } });
        await response.text();
      };
      loads.push(load());
    },
    idle: async () => {
      await Promise.all(loads);
    },
  };
}
