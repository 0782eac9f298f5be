/**
 * The era verdict of a `legacyClient()` plugin: what the server was found
 * to speak, kept for the origin (HTTP) or the server process (stdio),
 * readable, persisted through `onVerdict` and passed back as `prior`.
 */

/** What the plugin found the server to speak. */
export type EraVerdict =
  | {
      /** The server speaks 2026-07-28: the core client goes on alone. */
      era: "modern";
    }
  | {
      /** The server speaks an initialize-based revision: the plugin speaks it. */
      era: "legacy";
      /** The revision agreed on in `initialize`. */
      protocolVersion: string;
    };

/** The plugin's current verdict; `decide` tells the listener when it changes. */
export class VerdictKeeper {
  /** The verdict now (undefined until a request decides it, or after it stopped holding). */
  current: EraVerdict | undefined;

  constructor(
    initial: EraVerdict | undefined,
    private readonly onVerdict: (verdict: EraVerdict) => void,
  ) {
    this.current = initial;
  }

  /** Reaches `next`, telling the listener when it differs from the verdict before. */
  decide(next: EraVerdict): void {
    const changed = JSON.stringify(next) !== JSON.stringify(this.current);
    this.current = next;
    if (changed) {
      try {
        this.onVerdict(next);
      } catch {
        // A failing listener must not break the request.
      }
    }
  }
}
