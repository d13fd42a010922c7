import { compile, type FormatCallback, type HtmlToTextOptions } from 'html-to-text';
import { parseDocument } from 'htmlparser2';
import { definitionFields, rowsAsStatements, writeFields } from './htmlTables.js';
import { contentsLine, linksOnly, listsPlaces, mostlyLinks } from './htmlLinks.js';
import { plainText, type HtmlNode } from './htmlText.js';
import { decodeText } from './textDecoder.js';
import type { ExtractedDocument } from './types.js';

const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } }));

/**
 * A link within its page whose text has no letter nor digit is a heading's permalink mark
 * ("Module Contents¶", "Usage #", "🔗": Sphinx, MkDocs, Docusaurus), no word of the page: it is left
 * out. Any other link is read as its text.
 */
const linkText: FormatCallback = (elem, walk, builder) => {
  const href = (elem as { attribs?: Record<string, string> }).attribs?.href ?? '';
  if (href.startsWith('#') && !/[\p{L}\p{N}]/u.test(plainText((elem.children ?? []) as HtmlNode[]))) return;
  walk(elem.children, builder);
};

/** html-to-text's options; a table's rows as `rows` reads them (htmlTables.ts). */
const options = (rows: FormatCallback): HtmlToTextOptions => ({
  wordwrap: false,
  formatters: {
    rowsAsStatements: rows,
    linkText,
    blockUnlessLinks: unless((e) => mostlyLinks(e.children), 'block'),
    listUnlessIndex: unless((e) => listsPlaces(e.children), 'unorderedList'),
    orderedListUnlessIndex: unless((e) => listsPlaces(e.children), 'orderedList'),
    blockUnlessIndex: unless((e) => listsPlaces(e.children), 'block'),
    // A definition list of fields ("Premium" / "EUR 14.20 per month") a line per field, as a note writes it.
    fieldsOrBlock: (elem, walk, builder, formatOptions) => {
      const fields = definitionFields(elem);
      if (fields) writeFields(fields, builder);
      else builder.options.formatters.block!(elem, walk, builder, formatOptions);
    },
    definitionList: unless((e) => listsPlaces(e.children), 'fieldsOrBlock'),
    blockUnlessLinkBox: unless((e) => linksOnly(e.children), 'block'),
    paragraphUnlessContents: unless(contentsLine, 'paragraph'),
  },
  selectors: [
    { selector: 'a', format: 'linkText' },
    { selector: 'img', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'nav', format: 'skip' },
    // So is what the page marks as navigation by its ARIA role, as <nav> does (Sphinx's bars of "Previous topic",
    // "Next topic", "Navigation", "Quick search" links around each page of a manual).
    { selector: '[role=navigation]', format: 'skip' },
    // A site's menus and sidebars, by their class as boilerplate removers read them (Readability's unlikely candidates),
    // where links make most of their words: a menu's ("Documentation", "Download", "License", "Search") on every page of
    // a site matched every question. A restaurant's menu of dishes and prices is text.
    ...['.menu', '.navbar', '.sidebar', '.breadcrumb', '.breadcrumbs'].map((selector) => ({ selector, format: 'blockUnlessLinks', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } })),
    // A list of where things are (a table of contents, a site's index or cross-reference) is no text: SQLite's
    // cross-reference pages ("SQLITE_OMIT_AUTOINCREMENT → howtocompile.html#amal …") were quoted as answers.
    { selector: 'ul', format: 'listUnlessIndex', options: { itemPrefix: ' * ', leadingLineBreaks: 2, trailingLineBreaks: 2 } },
    { selector: 'ol', format: 'orderedListUnlessIndex', options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
    { selector: 'dl', format: 'definitionList', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    // So is a box of such links with at most a label ("Table of Contents", "► Table Of Contents"): the label
    // otherwise titled the page's first paragraph ("Table of Contents: Port number 5432 has been registered …").
    { selector: 'div', format: 'blockUnlessLinkBox', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    // And a table of contents written as paragraphs, a link each, as Word writes one (with its label, "Contents").
    { selector: 'p', format: 'paragraphUnlessContents', options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
    // A definition list's terms and definitions are lines of their own (html-to-text reads them inline: a book index's
    // entries ran together, "File Locationsdata_directory_mode configuration parameter, Preset Options…").
    { selector: 'dt', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'dd', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    // A quotation or an indented example is a block of its own, without html-to-text's "> " before each line: SQLite's
    // pages set their examples and whole paragraphs in blockquotes, quoted in answers as "> > You can use PRAGMA
    // integrity_check …", and a table in one was read as lines starting "> |", no table rows.
    { selector: 'blockquote', format: 'block', options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
    ...headings,
    { selector: 'table', format: 'rowsAsStatements', options: { uppercaseHeaderCells: false } },
  ],
});

/**
 * html-to-text's `format`, unless `leftOut` finds the element says no text: a menu (mostlyLinks), a list
 * of where things are (listsPlaces), a box of links (linksOnly), a line of a table of contents (contentsLine).
 */
const unless =
  (leftOut: (elem: Parameters<FormatCallback>[0]) => boolean, format: string): FormatCallback =>
  (elem, walk, builder, formatOptions) => {
    if (leftOut(elem)) return;
    builder.options.formatters[format]!(elem, walk, builder, formatOptions);
  };

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

/** Nesting beyond which a page is read as plain text (plainText), not laid out by html-to-text. */
const MAX_NESTING = 400;

/** The page's <title> and how deeply its elements nest, without recursion. */
function outline(nodes: readonly HtmlNode[]): { title: string | null; depth: number } {
  let title: string | null = null;
  let depth = 0;
  const stack: [HtmlNode, number][] = nodes.map((n) => [n, 1]);
  while (stack.length) {
    const [n, d] = stack.pop()!;
    depth = Math.max(depth, d);
    if (!n.children) continue;
    if (n.name === 'title' && title === null) title = plainText(n.children).replace(/\s+/g, ' ').trim() || null;
    for (const c of n.children) stack.push([c, d + 1]);
  }
  return { title, depth };
}
