/**
 * Observers of something's life (a session's, on either side): each is told
 * of the start and may return what is told of the end. An observer that
 * throws changes nothing for the thing observed or the other observers.
 */

/** Tells each observer of the start; returns what tells the ends (each once, the first call only). */
export function lifeStarted<S, E>(observers: readonly ((start: S) => ((end: E) => void) | void)[], start: S): (end: E) => void {
  const ends: ((end: E) => void)[] = [];
  for (const observe of observers) {
    try {
      const end = observe(start);
      if (typeof end === "function") ends.push(end);
    } catch {
      // An observer must not break what it observes.
    }
  }
  return (end) => {
    for (const e of ends.splice(0)) {
      try {
        e(end);
      } catch {
        // as above
      }
    }
  };
}
