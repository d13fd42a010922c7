import { markdownText } from './markdownText.js';
import { decodeText } from './textDecoder.js';
import type { DocType, ExtractedDocument } from './types.js';

/** Plain text, Markdown and code-like text: decoded, newlines normalised, one unpaginated page; Markdown without its inline marks (markdownText). */
export function extractText(buf: Buffer, type: DocType): ExtractedDocument {
  const { text } = decodeText(buf);
  const normalised = text.replace(/\r\n?/g, '\n');
  if (type !== 'markdown') return { type, title: null, pages: [{ page: null, text: normalised }] };
  return { type, title: markdownTitle(normalised), pages: [{ page: null, text: markdownText(normalised) }] };
}

function markdownTitle(text: string): string | null {
  const frontMatterTitle = /^---\n[\s\S]*?^title:\s*["']?(.+?)["']?\s*$[\s\S]*?^---$/m.exec(text);
  if (frontMatterTitle) return frontMatterTitle[1]!.trim();
  const heading = /^#\s+(.+)$/m.exec(text);
  return heading ? heading[1]!.trim() : null;
}
