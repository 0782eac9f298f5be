/**
 * The cases of a parametrised suite (`it.each`, `describe.each`) that are
 * read from files or computed: refused when there are none. An empty list
 * makes vitest run nothing for the suite and say nothing, so a folder moved
 * or a filter gone wrong would pass; here collection fails instead, naming
 * what was looked for.
 */
export function cases<T>(list: readonly T[], what: string): T[] {
  if (list.length === 0) throw new Error(`No cases: ${what} came out empty, so this suite would check nothing.`);
  return [...list];
}
