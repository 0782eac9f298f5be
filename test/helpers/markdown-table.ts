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
