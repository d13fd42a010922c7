import type { DomNode, FormatCallback } from 'html-to-text';
import { shortLabel } from '../fieldLabel.js';
import { delimiterLine, pipeLine } from '../pipeTable.js';
import { plainText } from './htmlText.js';

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
    const { captions, strays } = outsideCells(elem);
    // A caption names the table ("Table 2. Models"): it stands above it, as a title does.
    for (const caption of captions) {
      builder.openBlock({ leadingLineBreaks: 2 });
      walk(caption.children, builder);
      builder.closeBlock({ trailingLineBreaks: 2 });
    }
    // The table's own rows, read once for each way of reading it.
    const rows = rowsOf(elem);
    const grid = readGrid(elem, rows, options.headerless);
    const links = grid ? null : linkBar(rows);
    const fields = grid || links ? null : fieldRows(rows);
    if (fields) writeFields(fields, builder);
    else if (links) {
      // Each cell a line of its own: a title to Map, never run together into a "sentence"
      // ("20.11. Client Connection Defaults Home 20.13. Version and Platform Compatibility").
      for (const cell of links) {
        builder.openBlock({ leadingLineBreaks: 2 });
        builder.addInline(cell);
        builder.closeBlock({ trailingLineBreaks: 2 });
      }
    } else if (!grid) {
      clampSpans(rows);
      builder.options.formatters.dataTable!(elem, walk, builder, formatOptions);
    } else {
      const head = grid.header.length ? [pipeLine(grid.header), delimiterLine(grid.header.length)] : [];
      const lines = [...head, ...grid.rows.map((r) => pipeLine(r))];
      builder.openBlock({ leadingLineBreaks: 2 });
      lines.forEach((line, i) => {
        if (i > 0) builder.addLineBreak();
        builder.addInline(line);
      });
      builder.closeBlock({ trailingLineBreaks: 2 });
    }
    // What a table holds outside its cells (an unclosed table swallows the page after it) is text of the page still.
    if (strays.length) {
      builder.openBlock({ leadingLineBreaks: 2 });
      walk(strays, builder);
      builder.closeBlock({ trailingLineBreaks: 2 });
    }
  };
}

/** A field's label: a few words (shortLabel), without a sentence's end ("Policy number", "Total:"). */
const isLabel = (text: string): boolean => /\p{L}/u.test(text) && !/[.!?;,]$/.test(text) && shortLabel(text);

/**
 * A table of fields: two cells a row, a label and its value, in each of at least MIN_DATA_ROWS rows
 * and without a header row (an invoice's "Invoice number | 2026-0042", a page's "Premium | EUR
 * 14.20"), as its label-value pairs; null for any other table. html-to-text lays such a table out
 * as "Policy number IB-88213", the label run into its value.
 */
function fieldRows(rows: readonly TableRow[]): [string, string][] | null {
  if (rows.length < MIN_DATA_ROWS || rows.some((r) => r.inHead)) return null;
  const out: [string, string][] = [];
  for (const { tr } of rows) {
    const cells = cellsOf(tr);
    if (cells.length !== 2 || cells.some((c) => contains(c, 'table'))) return null;
    const [label, value] = cells.map(cellText) as [string, string];
    if (!isLabel(label) || !value || value.length > MAX_CELL_CHARS) return null;
    out.push([label, value]);
  }
  return out;
}

/** Elements that make a definition a block of its own rather than a value. */
const BLOCK_CONTENT = ['p', 'div', 'ul', 'ol', 'dl', 'table', 'pre', 'blockquote'];

/**
 * A definition list of fields: each term a label followed by one definition of a line's words
 * ("<dt>Premium</dt><dd>EUR 14.20 per month</dd>"), in at least MIN_DATA_ROWS pairs, as its
 * label-value pairs; null for any other (a manual's options, whose definitions are paragraphs, stay
 * a term's line and its paragraphs).
 */
export function definitionFields(dl: DomNode): [string, string][] | null {
  const items = dl.children.filter((c) => c.type === 'tag');
  if (items.length < 2 * MIN_DATA_ROWS || items.length % 2) return null;
  const out: [string, string][] = [];
  for (let i = 0; i < items.length; i += 2) {
    const [dt, dd] = [items[i]!, items[i + 1]!];
    if (dt.name !== 'dt' || dd.name !== 'dd' || BLOCK_CONTENT.some((b) => contains(dd, b))) return null;
    const [label, value] = [cellText(dt), cellText(dd)];
    if (!isLabel(label) || !value || value.length > MAX_CELL_CHARS) return null;
    out.push([label, value]);
  }
  return out;
}

/** Fields, a line each, its label before its value, as a note writes them ("Policy number: IB-88213"). */
export const writeFields: (fields: readonly [string, string][], builder: Parameters<FormatCallback>[2]) => void = (fields, builder) => {
  builder.openBlock({ leadingLineBreaks: 2 });
  fields.forEach(([label, value], i) => {
    if (i > 0) builder.addLineBreak();
    builder.addInline(`${label.replace(/:$/, '')}: ${value}`);
  });
  builder.closeBlock({ trailingLineBreaks: 2 });
};

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
function readGrid(table: DomNode, tableRows: readonly TableRow[], headerless: boolean): Grid | null {
  const role = String(table.attribs?.role ?? '').toLowerCase();
  if (role === 'presentation' || role === 'none') return null;
  const stacked = stackedGrid(tableRows);
  if (stacked) return stacked;
  const header: string[][] = [];
  const body: string[][] = [];
  // Cells that span rows below their own, by column: their text stands in each row they cover.
  const spanning = new Map<number, { text: string; rows: number }>();
  for (const { tr, inHead } of tableRows) {
    const cells = cellsOf(tr);
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
  // Each row as wide as the widest: a line of one cell would read as no row at all (pipeCells).
  const rows = body.filter((r) => r.some(Boolean)).map((r) => [...r, ...Array<string>(columns - r.length).fill('')]);
  return { header: names, rows };
}

/**
 * A table of one column whose header cell stacks its columns' names as paragraphs ("Column Type" /
 * "Description", PostgreSQL's catalog and function tables), and each row's cell its values the same
 * way: the grid it lays out one above the other, a paragraph per column; a row's paragraphs beyond
 * the names' go on in its last column (a function's second example). Null for any other table.
 */
function stackedGrid(tableRows: readonly TableRow[]): Grid | null {
  const rows = tableRows.map(({ tr, inHead }) => ({ cells: cellsOf(tr), inHead }));
  if (!rows.length || rows.some((r) => r.cells.length !== 1 || span(r.cells[0]!, 'colspan') > 1 || span(r.cells[0]!, 'rowspan') > 1)) return null;
  const first = rows[0]!;
  if (!first.inHead && first.cells[0]!.name !== 'th') return null;
  const header = paragraphsOf(first.cells[0]!);
  if (!header || header.length < 2) return null;
  const body: string[][] = [];
  for (const { cells } of rows.slice(1)) {
    const values = paragraphsOf(cells[0]!);
    if (!values) return null;
    if (values.some((v) => v.length > MAX_CELL_CHARS)) return null;
    const row = values.slice(0, header.length);
    if (values.length > header.length) row[header.length - 1] = values.slice(header.length - 1).join(' ');
    body.push([...row, ...Array<string>(header.length - row.length).fill('')]);
  }
  return body.filter((r) => r.filter(Boolean).length >= 2).length >= MIN_DATA_ROWS ? { header, rows: body } : null;
}

/**
 * A cell's paragraphs' words, where it holds paragraphs (p, div) and nothing beside them; else
 * null. Paragraphs in a row of one class are one value (a function's two signatures, both
 * "func_signature").
 */
function paragraphsOf(cell: DomNode): string[] | null {
  const out: string[] = [];
  let lastClass: string | undefined;
  for (const c of cell.children) {
    if (c.type === 'text' && !(c.data ?? '').trim()) continue;
    if (c.type !== 'tag' || (c.name !== 'p' && c.name !== 'div')) return null;
    if (contains(c, 'table')) return null;
    const text = cellText(c);
    if (!text) continue;
    const cls = String(c.attribs?.class ?? '') || undefined;
    if (cls !== undefined && cls === lastClass && out.length) out[out.length - 1] += ` ${text}`;
    else out.push(text);
    lastClass = cls;
  }
  return out.length ? out : null;
}

/** The most words of a cell of a navigation bar. */
const LINK_CELL_WORDS = 8;

/**
 * A table laid out as a navigation bar ("Prev | Up | Home | Next", the titles of the pages before
 * and after): every filled cell a few words, at least half of them links. Its cells' texts in
 * order, or null for any other table.
 */
function linkBar(rows: readonly TableRow[]): string[] | null {
  const cells: string[] = [];
  let linked = 0;
  for (const { tr } of rows) {
    for (const cell of cellsOf(tr)) {
      if (contains(cell, 'table')) return null;
      const text = cellText(cell);
      if (!text) continue;
      if (text.split(' ').length > LINK_CELL_WORDS) return null;
      cells.push(text);
      if (contains(cell, 'a')) linked++;
    }
  }
  return cells.length && linked * 2 >= cells.length ? cells : null;
}

/** Parts of a table that are its structure, not its content. */
const STRUCTURE = new Set(['tr', 'thead', 'tbody', 'tfoot', 'col', 'colgroup', 'caption']);

/**
 * A table's captions, and what it holds outside its cells: what a browser would show before it (an
 * element or text inside <table> or a row but in no cell, such as the rest of a page that a table
 * left unclosed swallows), which html-to-text's layout drops.
 */
function outsideCells(table: DomNode): { captions: DomNode[]; strays: DomNode[] } {
  const captions: DomNode[] = [];
  const strays: DomNode[] = [];
  const visit = (nodes: DomNode[], inRow: boolean): void => {
    for (const n of nodes) {
      if (n.type === 'text' ? !(n.data ?? '').trim() : n.type !== 'tag') continue;
      if (n.name === 'caption') captions.push(n);
      else if (inRow ? n.name === 'td' || n.name === 'th' : n.name === 'tr') {
        if (!inRow) visit(n.children, true);
      } else if (!inRow && STRUCTURE.has(n.name ?? '')) visit(n.children, false);
      else strays.push(n);
    }
  };
  visit(table.children, false);
  return { captions, strays };
}

/** A row of a table, and whether it is in the table's head. */
interface TableRow {
  tr: DomNode;
  inHead: boolean;
}

/** A table's rows, its own (not a nested table's), in order, with whether each is in its head. */
function rowsOf(table: DomNode): TableRow[] {
  const out: TableRow[] = [];
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

/** A row's own cells (td and th), in order. */
const cellsOf = (tr: DomNode): DomNode[] => tr.children.filter((c) => c.type === 'tag' && (c.name === 'td' || c.name === 'th'));

/** The most columns or rows a cell spans as read: a crafted colspan="99999" is a layout of that many columns. */
const MAX_SPAN = 50;

/** A cell's colspan or rowspan, 1 when absent or unreadable, at most MAX_SPAN. */
function span(cell: DomNode, attribute: 'colspan' | 'rowspan'): number {
  const n = Number.parseInt(String(cell.attribs?.[attribute] ?? '1'), 10);
  return Number.isFinite(n) && n > 1 ? Math.min(n, MAX_SPAN) : 1;
}

/**
 * The table's own cells' spans as span() reads them, written back for html-to-text's layout, which
 * recurses once per column spanned (colspan="99999" overflowed the stack, and the file could not be
 * read) and fills a grid of every cell a span covers.
 */
function clampSpans(rows: readonly TableRow[]): void {
  for (const { tr } of rows) {
    for (const cell of cellsOf(tr)) {
      if (!cell.attribs) continue;
      for (const attribute of ['colspan', 'rowspan'] as const) if (attribute in cell.attribs) cell.attribs[attribute] = String(span(cell, attribute));
    }
  }
}

function contains(node: DomNode, name: string): boolean {
  return node.children.some((c) => c.type === 'tag' && (c.name === name || contains(c, name)));
}

/** A cell's words, whitespace folded ("a<br>b" is "a b"). */
const cellText = (cell: DomNode): string => plainText(cell.children).replace(/\s+/g, ' ').trim();
