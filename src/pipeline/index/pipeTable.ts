/**
 * Tables as text: Markdown's pipe tables ("| Name | Storage Size |", "| --- | --- |", a line per
 * row). The HTML extractor writes a data table this way and Map reads it back row by row, as it
 * reads a Markdown file's own tables: each line one row, which the chunker and the sentence
 * splitter keep apart, and the header's names said once, so a table's words weigh in search as
 * often as the table says them.
 */

/** A table's line of cells; a cell's own "|" is escaped. */
export function pipeLine(cells: readonly string[]): string {
  return `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
}

/** The line under a header row. */
export function delimiterLine(columns: number): string {
  return `|${' --- |'.repeat(columns)}`;
}

const DELIMITER = /^\|?(?:\s*:?-{3,}:?\s*\|)+\s*:?-{0,}:?\s*$/;

/** Whether a line is the line under a header row ("| --- | :---: |"). */
export const isDelimiterLine = (line: string): boolean => line.includes('-') && DELIMITER.test(line.trim());

/** A table line's cells, unescaped and trimmed; null for a line that is not one ("| a | b |", at least two cells). */
export function pipeCells(line: string): string[] | null {
  const t = line.trim();
  if (!t.startsWith('|') || !t.endsWith('|') || t.length < 3 || t.endsWith('\\|')) return null;
  const cells = t.slice(1, -1).split(/(?<!\\)\|/).map((c) => c.replace(/\\\|/g, '|').trim());
  return cells.length >= 2 ? cells : null;
}

/**
 * A row as a statement: each filled cell after its column's name, ended with a full stop
 * ("Name: bigint; Storage Size: 8 bytes; Range: -9223372036854775808 to +9223372036854775807.").
 * Without names, the cells in order.
 */
export function rowStatement(row: readonly string[], header: readonly string[] = []): string {
  const parts = row.flatMap((cell, i) => {
    if (!cell) return [];
    // A cell's own full stop would stand before the next cell's semicolon.
    const said = i < row.length - 1 ? cell.replace(/(?<=[\p{L}\p{N})\]])\.$/u, '') : cell;
    const name = header[i];
    return [name && name !== cell ? `${name}: ${said}` : said];
  });
  const text = parts.join('; ');
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * A text's pipe tables as their cells in order, a row per line, without the pipes and the line
 * under the header: what the encoder reads (the marks are layout to it, and a passage of rows read
 * with them came out near passages it has nothing to do with).
 */
export function withoutPipes(text: string): string {
  if (!text.includes('|')) return text;
  return text
    .split('\n')
    .filter((line) => !isDelimiterLine(line))
    .map((line) => pipeCells(line)?.join(' ') ?? line)
    .join('\n');
}

/** A line that a snippet cut from a table's row: it opens or ends with the row's bar ("…2 |", "| number * …"). */
const CUT_ROW = /^(?:…\s*)?\|(?!\|)|(?<![\\|])\|\s*…?$/u;

/**
 * A text's pipe-table lines as a reader takes them in a snippet: each row's filled cells joined by
 * " · " and ended with ";", the line under a header left out, a row the snippet cut read the same
 * ("…2 |" then "| number + number → number | Addition |"). Other lines stay as they are (a shell's
 * pipe in prose: "git log | less").
 */
export function rowsForReading(text: string): string {
  if (!text.includes('|')) return text;
  // A row that ends with its bar ends with ";" (one that the snippet cut goes on with "…").
  const row = (cells: readonly string[], ends = true): string => {
    const said = cells.filter(Boolean).join(' · ');
    return said && ends && !/[.;:!?…]$/u.test(said) ? `${said};` : said;
  };
  return text
    .split('\n')
    .filter((line) => !isDelimiterLine(line))
    .map((line) => {
      const cells = pipeCells(line);
      if (cells) return row(cells);
      const t = line.trim();
      if (!CUT_ROW.test(t)) return line;
      const open = t.startsWith('…') ? '…' : '';
      const close = t.endsWith('…') ? '…' : '';
      const bare = t.replace(/^…/u, '').replace(/…$/u, '').trim();
      const ends = /(?<!\\)\|$/u.test(bare);
      const inner = bare.replace(/^\|/u, '').replace(/(?<!\\)\|$/u, '');
      return `${open}${row(inner.split(/(?<!\\)\|/u).map((c) => c.replace(/\\\|/gu, '|').trim()), ends)}${close}`;
    })
    .join('\n');
}
