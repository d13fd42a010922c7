import { compile, type FormatCallback, type HtmlToTextOptions } from 'html-to-text';
import { DomUtils, parseDocument } from 'htmlparser2';
import { rowsAsStatements } from './htmlTables.js';
import { decodeText } from './textDecoder.js';
import type { ExtractedDocument } from './types.js';

const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } }));

/** html-to-text's options; a table's rows as `rows` reads them (htmlTables.ts). */
const options = (rows: FormatCallback): HtmlToTextOptions => ({
  wordwrap: false,
  formatters: { rowsAsStatements: rows },
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'nav', format: 'skip' },
    ...headings,
    { selector: 'table', format: 'rowsAsStatements', options: { uppercaseHeaderCells: false } },
  ],
});

/** Compiled once: html-to-text builds its selector tree per options object, which is slow per file. */
const toText = compile(options(rowsAsStatements({ headerless: false })));
/** For the HTML of a Word document (docxExtractor.ts), whose tables are data with or without a header row. */
export const wordHtmlToText = compile(options(rowsAsStatements({ headerless: true })));

/** HTML to readable text (block structure kept as line breaks, no markup); the <title> kept. */
export function extractHtml(buf: Buffer): ExtractedDocument {
  const { text: html } = decodeText(buf);
  const dom = parseDocument(html);
  const { title, depth } = outline(dom.children);
  // html-to-text recurses several calls deep per level of nesting: a page nested thousands deep
  // (generated, or crafted) overflowed the stack and could not be read. Its words are read in order instead.
  const text = depth > MAX_NESTING ? plainText(dom.children) : toText(html);
  return { type: 'html', title, pages: [{ page: null, text }] };
}

/** A node of htmlparser2's document. */
type AnyNode = ReturnType<typeof parseDocument>['children'][number];
const { isTag } = DomUtils;

/** Nesting beyond which a page is read as plain text (plainText), not laid out by html-to-text. */
const MAX_NESTING = 400;

/** The page's <title> and how deeply its elements nest, without recursion. */
function outline(nodes: readonly AnyNode[]): { title: string | null; depth: number } {
  let title: string | null = null;
  let depth = 0;
  const stack: [AnyNode, number][] = nodes.map((n) => [n, 1]);
  while (stack.length) {
    const [n, d] = stack.pop()!;
    depth = Math.max(depth, d);
    if (!isTag(n)) continue;
    if (n.name === 'title' && title === null) title = plainText(n.children).replace(/\s+/g, ' ').trim() || null;
    for (const c of n.children) stack.push([c, d + 1]);
  }
  return { title, depth };
}

/** Elements whose edges part lines. */
const BLOCKS = new Set(['p', 'div', 'br', 'li', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'table', 'section', 'article', 'blockquote', 'dd', 'dt']);

/** The text of nodes in document order, a line break at each block's edges, scripts and styles left out; without recursion. */
function plainText(nodes: readonly AnyNode[]): string {
  const parts: string[] = [];
  const stack: (AnyNode | '\n')[] = [...nodes].reverse();
  while (stack.length) {
    const n = stack.pop()!;
    if (n === '\n') parts.push('\n');
    else if (n.type === 'text') parts.push((n as { data: string }).data);
    else if (isTag(n) && n.name !== 'script' && n.name !== 'style') {
      const block = BLOCKS.has(n.name);
      if (block) parts.push('\n');
      if (block) stack.push('\n');
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
    }
  }
  return parts.join('').replace(/[ \t]+/g, ' ').replace(/ *\n[\s]*/g, (m) => (m.split('\n').length > 2 ? '\n\n' : '\n')).trim();
}
