import { extname } from 'node:path';
import { extractDocx } from './docxExtractor.js';
import { extractHtml } from './htmlExtractor.js';
import { extractPdf } from './pdfExtractor.js';
import { extractText } from './textExtractor.js';
import { ExtractionError, type DocType, type ExtractedDocument } from './types.js';

const CODE_EXTENSIONS = [
  'js', 'mjs', 'cjs', 'ts', 'tsx', 'jsx', 'py', 'rb', 'go', 'rs', 'java', 'kt', 'c', 'h', 'cc', 'cpp', 'hpp', 'cs',
  'swift', 'php', 'sh', 'bash', 'zsh', 'ps1', 'sql', 'r', 'scala', 'lua', 'pl', 'css', 'scss', 'vue', 'svelte',
  'json', 'yaml', 'yml', 'toml', 'ini', 'cfg', 'conf', 'xml', 'csv', 'tsv', 'tex', 'bib',
];
const TEXT_EXTENSIONS = ['txt', 'text', 'log', 'rst', 'org', 'adoc', 'nfo'];

const TYPE_BY_EXTENSION: ReadonlyMap<string, DocType> = new Map<string, DocType>([
  ['pdf', 'pdf'],
  ['docx', 'docx'],
  ['html', 'html'],
  ['htm', 'html'],
  ['xhtml', 'html'],
  ['md', 'markdown'],
  ['markdown', 'markdown'],
  ['mdx', 'markdown'],
  ...TEXT_EXTENSIONS.map((e) => [e, 'text'] as [string, DocType]),
  ...CODE_EXTENSIONS.map((e) => [e, 'code'] as [string, DocType]),
]);

/** The lower-case extension without its dot, '' when there is none. */
export function extensionOf(path: string): string {
  return extname(path).slice(1).toLowerCase();
}

/** The document type Docent reads a path as, or undefined for files it does not read. */
export function docTypeOf(path: string): DocType | undefined {
  return TYPE_BY_EXTENSION.get(extensionOf(path));
}

/** The label a file gets in the files table: its doc type, or its extension when unsupported. */
export function fileTypeLabel(path: string): string {
  return docTypeOf(path) ?? (extensionOf(path) || 'none');
}

/** The most text Docent takes from one file (a 100 MB log file is about this much). */
export const MAX_TEXT_CHARS = 128_000_000;

/** Extracts text from a file's bytes by its type; every failure is an ExtractionError with a reason. */
export async function extract(buf: Buffer, type: DocType): Promise<ExtractedDocument> {
  if (buf.length === 0) throw new ExtractionError('skipped', 'empty file (0 bytes)');
  let doc: ExtractedDocument;
  try {
    switch (type) {
      case 'pdf':
        doc = await extractPdf(buf);
        break;
      case 'docx':
        doc = await extractDocx(buf);
        break;
      case 'html':
        doc = extractHtml(buf);
        break;
      default:
        doc = extractText(buf, type);
    }
  } catch (err) {
    if (err instanceof ExtractionError) throw err;
    throw new ExtractionError('failed', `could not extract text (${(err as Error).message ?? String(err)})`);
  }
  if (doc.pages.every((p) => p.text.trim().length === 0)) {
    throw new ExtractionError('skipped', 'no text in this file');
  }
  const chars = doc.pages.reduce((n, p) => n + p.text.length, 0);
  if (chars > MAX_TEXT_CHARS) {
    throw new ExtractionError('skipped', `it holds ${Math.round(chars / 1e6)} million characters of text, more than Docent reads from one file (${MAX_TEXT_CHARS / 1e6} million); split it to index it`);
  }
  return doc;
}
