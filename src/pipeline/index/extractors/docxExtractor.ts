import mammoth from 'mammoth';
import { wordHtmlToText } from './htmlExtractor.js';
import { ExtractionError, type ExtractedDocument } from './types.js';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** Images are left out: their bytes would be written into the HTML (data: URIs) only to be dropped. */
const NO_IMAGES = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));

/**
 * Word (.docx) through mammoth's HTML, read as an HTML page is (htmlExtractor.ts): paragraphs and
 * headings as blocks, lists with their markers, and tables row by row (htmlTables.ts) instead of
 * mammoth's raw text, where every cell was a paragraph of its own and a row's values stood apart.
 */
export async function extractDocx(buf: Buffer): Promise<ExtractedDocument> {
  if (buf.subarray(0, 4).equals(OLE_MAGIC)) {
    throw new ExtractionError(
      'failed',
      'this .docx is an old binary Word file or is encrypted (password protected); save it as .docx without a password to index it',
    );
  }
  if (!buf.subarray(0, 4).equals(ZIP_MAGIC)) {
    throw new ExtractionError('failed', 'not a valid Word document (a .docx is a zip archive; this file is not one)');
  }
  let value: string;
  try {
    ({ value } = await mammoth.convertToHtml({ buffer: buf }, { convertImage: NO_IMAGES, externalFileAccess: false }));
  } catch (err) {
    const msg = (err as Error).message ?? String(err);
    throw new ExtractionError('failed', `cannot read this Word document: it is damaged or incomplete (${firstLine(msg)})`);
  }
  const text = wordHtmlToText(value).replace(/\r\n?/g, '\n').replace(/\n{3,}/g, '\n\n');
  const firstParagraph = text.split('\n').find((l) => l.trim().length > 0)?.trim() ?? null;
  const title = firstParagraph && firstParagraph.length <= 120 ? firstParagraph : null;
  return { type: 'docx', title, pages: [{ page: null, text }] };
}

function firstLine(s: string): string {
  return s.split('\n')[0]!.slice(0, 160);
}
