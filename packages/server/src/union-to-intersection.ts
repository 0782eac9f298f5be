/**
 * The type-level helper with which the context methods that several plugins
 * add (input kinds, features) become one type.
 */

/** The intersection of the members of union `U` (`A | B` gives `A & B`), or unknown when `U` is never. */
export type UnionToIntersection<U> = [U] extends [never] ? unknown : (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
