import type { DomNode, FormatCallback } from 'html-to-text';
import { delimiterLine, pipeLine } from '../pipeTable.js';

/**
 * A data table as a Markdown pipe table (pipeTable.ts): a header line, then a line per row, which
 * Map reads back row by row, each row a statement that names its columns ("Name: bigint; Storage
 * Size: 8 bytes; …", the row linearisation of table question answering).
 *
 * html-to-text's dataTable lays a table out in aligned columns, which the chunker's whitespace
 * folding and Map's paragraph joining turned into one run-on statement: an answer quoted a whole
 * type table for one row, and a row's value stood far from its column's name.
 *
 * A table that is not a grid of data (no header row where one is needed, one row, one column, a
 * cell that holds a table or long blocks: a page's layout, a navigation bar, a note's icon beside
 * its text) keeps html-to-text's layout.
 */
export function rowsAsStatements(options: { headerless: boolean }): FormatCallback {
  return (elem, walk, builder, formatOptions) => {
    const grid = readGrid(elem, options.headerless);
    if (!grid) {
      builder.options.formatters.dataTable!(elem, walk, builder, formatOptions);
      return;
    }
    const head = grid.header.length ? [pipeLine(grid.header), delimiterLine(grid.header.length)] : [];
    const lines = [...head, ...grid.rows.map((r) => pipeLine(r))];
    builder.openBlock({ leadingLineBreaks: 2 });
    lines.forEach((line, i) => {
      if (i > 0) builder.addLineBreak();
      builder.addInline(line);
    });
    builder.closeBlock({ trailingLineBreaks: 2 });
  };
}

interface Grid {
  /** The column names, by column (empty where a column has none); none without a header row (headerless). */
  header: string[];
  rows: string[][];
}

/** A cell of more characters than this holds prose or blocks: the table is a layout. */
const MAX_CELL_CHARS = 600;
/** Rows a table needs, of at least two filled cells, to be read as data. */
const MIN_DATA_ROWS = 2;

/**
 * A table's grid, or null for a layout. `headerless`: a table without a header row is data too,
 * its rows without names (a Word document's tables: Word marks a header row only when it is to
 * repeat on each page; HTML's are as often navigation bars and layouts).
 */
function readGrid(table: DomNode, headerless: boolean): Grid | null {
  const role = String(table.attribs?.role ?? '').toLowerCase();
  if (role === 'presentation' || role === 'none') return null;
  const header: string[][] = [];
  const body: string[][] = [];
  // Cells that span rows below their own, by column: their text stands in each row they cover.
  const spanning = new Map<number, { text: string; rows: number }>();
  for (const { tr, inHead } of rowsOf(table)) {
    const cells = tr.children.filter((c) => c.type === 'tag' && (c.name === 'td' || c.name === 'th'));
    if (cells.some((c) => contains(c, 'table'))) return null;
    const isHeader = inHead || (cells.length > 0 && cells.every((c) => c.name === 'th') && body.length === 0);
    const texts: string[] = [];
    const takeSpanned = (): void => {
      for (let s = spanning.get(texts.length); s; s = spanning.get(texts.length)) {
        texts.push(s.text);
        if (--s.rows === 0) spanning.delete(texts.length - 1);
      }
    };
    for (const cell of cells) {
      takeSpanned();
      const text = cellText(cell);
      if (text.length > MAX_CELL_CHARS) return null;
      const cols = span(cell, 'colspan');
      const rows = span(cell, 'rowspan');
      for (let c = 0; c < cols; c++) {
        // A header's name covers each column it spans; a value is said once.
        if (rows > 1) spanning.set(texts.length, { text, rows: rows - 1 });
        texts.push(c === 0 || isHeader ? text : '');
      }
    }
    takeSpanned();
    (isHeader ? header : body).push(texts);
  }
  // A head that holds every row (mammoth reads Word's `<w:tblHeader w:val="off"/>` as a header
  // row) has its first row for names and the rest for data.
  if (body.length === 0 && header.length > 1) body.push(...header.splice(1));
  if (header.length === 0 && !headerless) return null;
  const filled = body.filter((r) => r.filter(Boolean).length >= 2);
  if (filled.length < MIN_DATA_ROWS) return null;
  const columns = Math.max(...body.map((r) => r.length));
  if (columns < 2) return null;
  // Several header rows (a group name over its columns) read as one name per column.
  const names = header.length ? Array.from({ length: columns }, (_, i) => [...new Set(header.map((h) => h[i] ?? '').filter(Boolean))].join(' ')) : [];
  return { header: names, rows: body.filter((r) => r.some(Boolean)) };
}

/** A table's rows, its own (not a nested table's), in order, with whether each is in its head. */
function rowsOf(table: DomNode): { tr: DomNode; inHead: boolean }[] {
  const out: { tr: DomNode; inHead: boolean }[] = [];
  const visit = (nodes: DomNode[], inHead: boolean): void => {
    for (const n of nodes) {
      if (n.type !== 'tag') continue;
      if (n.name === 'tr') out.push({ tr: n, inHead });
      else if (n.name === 'thead' || n.name === 'tbody' || n.name === 'tfoot') visit(n.children, n.name === 'thead');
    }
  };
  visit(table.children, false);
  return out;
}

/** A cell's colspan or rowspan, 1 when absent or unreadable, at most 50. */
function span(cell: DomNode, attribute: 'colspan' | 'rowspan'): number {
  const n = Number.parseInt(String(cell.attribs?.[attribute] ?? '1'), 10);
  return Number.isFinite(n) && n > 1 ? Math.min(n, 50) : 1;
}

function contains(node: DomNode, name: string): boolean {
  return node.children.some((c) => c.type === 'tag' && (c.name === name || contains(c, name)));
}

/** Elements whose edges part words: "a<br>b" is "a b", "<p>x</p><p>y</p>" is "x y". */
const BREAKS = new Set(['br', 'p', 'div', 'li', 'ul', 'ol', 'dl', 'dt', 'dd', 'pre', 'tr', 'td', 'th']);
const SKIPPED = new Set(['script', 'style', 'img']);

/** A cell's words, whitespace folded. */
function cellText(cell: DomNode): string {
  const parts: string[] = [];
  const visit = (nodes: DomNode[]): void => {
    for (const n of nodes) {
      if (n.type === 'text') parts.push(n.data ?? '');
      else if (n.type === 'tag' && !SKIPPED.has(n.name ?? '')) {
        const edge = BREAKS.has(n.name ?? '');
        if (edge) parts.push(' ');
        visit(n.children);
        if (edge) parts.push(' ');
      }
    }
  };
  visit(cell.children);
  return parts.join('').replace(/\s+/g, ' ').trim();
}
