/** Reading Markdown tables in the docs tests. */

/** The cells of a Markdown table row, trimmed; a `|` inside backticks does not split. */
export function cells(row: string): string[] {
  const out: string[] = [];
  let cell = "";
  let code = false;
  for (const c of row.trim().replace(/^\||\|$/g, "")) {
    if (c === "`") code = !code;
    if (c === "|" && !code) {
      out.push(cell.trim());
      cell = "";
    } else cell += c;
  }
  return [...out, cell.trim()];
}

/** The body rows, as cells, of the first table in `text` whose header line matches `header` (none when there is no such table). */
export function tableRows(text: string, header: RegExp): string[][] {
  const lines = text.split("\n");
  const at = lines.findIndex((line) => header.test(line));
  if (at === -1) return [];
  const rows: string[][] = [];
  // The header, then its |---| line, then the rows until the first line that is not one.
  for (const line of lines.slice(at + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(cells(line));
  }
  return rows;
}
