import { convert } from 'html-to-text';
import { parseDocument } from 'htmlparser2';
import { DomUtils } from 'htmlparser2';
import { decodeText } from './textDecoder.js';
import type { ExtractedDocument } from './types.js';

/** HTML to readable text (block structure kept as line breaks, no markup); the <title> kept. */
export function extractHtml(buf: Buffer): ExtractedDocument {
  const { text: html } = decodeText(buf);
  const dom = parseDocument(html);
  const titleEl = DomUtils.findOne((el) => el.name === 'title', dom.children, true);
  const title = titleEl ? DomUtils.textContent(titleEl).replace(/\s+/g, ' ').trim() || null : null;
  const text = convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'script', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'nav', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'h4', options: { uppercase: false } },
      { selector: 'h5', options: { uppercase: false } },
      { selector: 'h6', options: { uppercase: false } },
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ],
  });
  return { type: 'html', title, pages: [{ page: null, text }] };
}
