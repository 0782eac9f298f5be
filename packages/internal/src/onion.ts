/**
 * The one onion both sides' middleware runs in: `count` layers around
 * `inner`, the first outermost. Each layer gets the value the layer outside
 * passed on and a `next` that passes on its own (or the same value) to the
 * next layer, at most once; a second call rejects with `twice(i)`. A layer
 * that throws rejects, as one that rejects does.
 */
export function runOnion<T, R>(
  count: number,
  layer: (i: number, value: T, next: (value?: T) => Promise<R>) => Promise<R>,
  first: T,
  inner: (value: T) => Promise<R>,
  twice: (i: number) => Error,
): Promise<R> {
  const at = (i: number, value: T): Promise<R> => {
    if (i === count) return inner(value);
    let called = false;
    try {
      return layer(i, value, (next = value) => {
        if (called) return Promise.reject(twice(i));
        called = true;
        return at(i + 1, next);
      });
    } catch (error) {
      return Promise.reject(error);
    }
  };
  return at(0, first);
}
