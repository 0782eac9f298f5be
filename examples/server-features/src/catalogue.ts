/**
 * The data the server serves: a small library catalogue held in memory, and
 * which of its books are on loan. A real server would read a database here;
 * the handlers only need these few functions.
 */

/** One book of the catalogue. */
export interface Book {
  id: string;
  title: string;
  author: string;
  year: number;
  genre: string;
}

const BOOKS: readonly Book[] = [
  { id: "dune", title: "Dune", author: "Frank Herbert", year: 1965, genre: "science fiction" },
  { id: "left-hand", title: "The Left Hand of Darkness", author: "Ursula K. Le Guin", year: 1969, genre: "science fiction" },
  { id: "earthsea", title: "A Wizard of Earthsea", author: "Ursula K. Le Guin", year: 1968, genre: "fantasy" },
  { id: "hobbit", title: "The Hobbit", author: "J. R. R. Tolkien", year: 1937, genre: "fantasy" },
  { id: "moonstone", title: "The Moonstone", author: "Wilkie Collins", year: 1868, genre: "mystery" },
];

/** The catalogue and its loans. */
export interface Catalogue {
  /** Books whose title or author contains `query` (any case). */
  search(query: string): Book[];
  /** The book with this id, if any. */
  book(id: string): Book | undefined;
  /** Every book id, in catalogue order. */
  ids(): string[];
  /** Every genre, once each. */
  genres(): string[];
  /** The weeks a book is lent for, or undefined when it is on the shelf. */
  loanOf(id: string): number | undefined;
  /** Lends a book for `weeks`. */
  lend(id: string, weeks: number): void;
}

/** A fresh catalogue with every book on the shelf. */
export function createCatalogue(): Catalogue {
  const loans = new Map<string, number>();
  return {
    search: (query) => BOOKS.filter((b) => `${b.title} ${b.author}`.toLowerCase().includes(query.toLowerCase())),
    book: (id) => BOOKS.find((b) => b.id === id),
    ids: () => BOOKS.map((b) => b.id),
    genres: () => [...new Set(BOOKS.map((b) => b.genre))],
    loanOf: (id) => loans.get(id),
    lend: (id, weeks) => void loans.set(id, weeks),
  };
}
