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
  const titleEl = DomUtils.findOne((el) => el.name === 'title', dom.children, true);
  const title = titleEl ? DomUtils.textContent(titleEl).replace(/\s+/g, ' ').trim() || null : null;
  return { type: 'html', title, pages: [{ page: null, text: toText(html) }] };
}
