import type { ExtractedDocument, PageSection } from './extractors/types.js';

export interface Chunk {
  ordinal: number;
  /** 1-based page for paginated documents, null otherwise. */
  page: number | null;
  /** Offsets into the document text: the pages' texts joined by PAGE_SEPARATOR. */
  charStart: number;
  charEnd: number;
  /** Nearest section heading above the chunk (Markdown, or the outline of a PDF), '' when none. */
  section: string;
  text: string;
  /** A fragment with too few words to mean anything to the encoder: no vector is made for it. */
  keywordsOnly?: boolean;
}

export interface ChunkOptions {
  /** Aim for chunks of about this many characters. */
  targetChars: number;
  /** Never exceed this many characters (a longer sentence is cut at a word boundary). */
  maxChars: number;
}

export const PAGE_SEPARATOR = '\n\n';
export const DEFAULT_CHUNK_OPTIONS: ChunkOptions = { targetChars: 700, maxChars: 1100 };
/**
 * A chunk shorter than this is a fragment (a page's last lines, "DF))) f }"): it joins its
 * neighbour. Alone, it ranks high by meaning for a one-word query and answers nothing.
 */
export const MIN_CHUNK_CHARS = 200;

interface Piece {
  start: number;
  end: number;
  section: string;
  /** A paragraph break precedes this piece. */
  breakBefore: boolean;
}

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * Splits a document into chunks that never cross a page, end on sentence or paragraph
 * boundaries where possible, and keep their exact offsets into the document text.
 * Short chunks suit the offline encoder, whose cost grows with length.
 */
export function chunkDocument(doc: ExtractedDocument, options: ChunkOptions = DEFAULT_CHUNK_OPTIONS): Chunk[] {
  const chunks: Chunk[] = [];
  let pageOffset = 0;
  for (const page of doc.pages) {
    const pieces = splitPage(page.text, doc.type === 'markdown', options.maxChars, page.sections);
    let current: Piece[] = [];
    const flush = (): void => {
      if (current.length === 0) return;
      const first = current[0]!;
      const last = current[current.length - 1]!;
      const text = normaliseWhitespace(page.text.slice(first.start, last.end));
      if (text.length > 0) {
        chunks.push({
          ordinal: chunks.length,
          page: page.page,
          charStart: pageOffset + first.start,
          charEnd: pageOffset + last.end,
          section: first.section,
          text,
        });
      }
      current = [];
    };
    for (const piece of pieces) {
      const size = current.length ? piece.end - current[0]!.start : 0;
      const sectionChanged = current.length > 0 && piece.section !== current[0]!.section;
      if (
        current.length > 0 &&
        (sectionChanged || size > options.maxChars || (size > options.targetChars && piece.breakBefore) ||
          size > options.targetChars * 1.3)
      ) {
        flush();
      }
      current.push(piece);
    }
    flush();
    pageOffset += page.text.length + PAGE_SEPARATOR.length;
  }
  return withoutFragments(chunks, options.maxChars);
}

/** Words of two letters or more: what a passage says, as opposed to code debris and numbers. */
const wordCount = (text: string): number => text.match(/\p{L}{2,}/gu)?.length ?? 0;
/** A fragment with fewer words than this carries no meaning for the encoder: it is searched by keywords only. */
export const MIN_MEANING_WORDS = 6;

/**
 * Joins each fragment to the chunk before it on the same page and in the same section, where the
 * two stay within maxChars. A fragment that cannot join stays a chunk of its own (its page is
 * cited as it is), and when it has almost no words it is searched by keywords only.
 */
export function withoutFragments(chunks: readonly Chunk[], maxChars: number): Chunk[] {
  const out: Chunk[] = [];
  for (const c of chunks) {
    const prev = out[out.length - 1];
    if (c.text.length >= MIN_CHUNK_CHARS) out.push(c);
    else if (prev && prev.page === c.page && prev.section === c.section && prev.text.length + c.text.length + 1 <= maxChars) {
      out[out.length - 1] = { ...prev, charEnd: c.charEnd, text: `${prev.text}\n${c.text}` };
    } else out.push(wordCount(c.text) < MIN_MEANING_WORDS ? { ...c, keywordsOnly: true } : c);
  }
  return out.map((c, ordinal) => ({ ...c, ordinal }));
}
/**
 * Sentences (or word-bounded slices of over-long ones) with their paragraph and section context:
 * a Markdown heading, or the page's own sections (a PDF's outline), where a sentence is also cut
 * at the place a section starts (a PDF's title line runs into the sentence after it).
 */
function splitPage(text: string, markdown: boolean, maxChars: number, sections: readonly PageSection[] = []): Piece[] {
  const pieces: Piece[] = [];
  let section = '';
  const sectionAt = (offset: number): string => {
    let title = '';
    for (const s of sections) if (s.offset <= offset) title = s.title;
    return title;
  };
  const push = (start: number, end: number, breakBefore: boolean): void => {
    // Cut where a section starts inside the piece; a piece takes the section it starts in.
    const cuts = sections.map((s) => s.offset).filter((o) => o > start && o < end);
    for (const [i, from] of [start, ...cuts].entries()) {
      const part = text.slice(from, cuts[i] ?? end);
      const a = from + (part.length - part.trimStart().length);
      const b = from + part.trimEnd().length;
      if (b > a) pieces.push({ start: a, end: b, section: markdown ? section : sectionAt(a), breakBefore: breakBefore || i > 0 });
    }
  };
  const paragraphRe = /[^\n]+(?:\n(?!\s*\n)[^\n]*)*/g;
  for (const para of text.matchAll(paragraphRe)) {
    const paraText = para[0];
    const paraStart = para.index!;
    if (markdown) {
      const heading = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/m.exec(paraText.split('\n')[0]!);
      if (heading) section = heading[1]!;
    }
    let first = true;
    for (const seg of segmentsOf(paraText)) {
      const trimmed = seg.segment.trimEnd();
      if (trimmed.trim().length === 0) continue;
      const lead = seg.segment.length - seg.segment.trimStart().length;
      let start = paraStart + seg.index + lead;
      const end = paraStart + seg.index + trimmed.length;
      while (end - start > maxChars) {
        const cut = wordBoundaryBefore(text, start + maxChars, start);
        push(start, cut, first);
        first = false;
        start = cut;
        while (start < end && /\s/.test(text[start]!)) start++;
      }
      if (end > start) push(start, end, first);
      first = false;
    }
  }
  return pieces;
}

/** Sentence segmentation reads at most this many characters at a time (its cost grows faster than the text). */
const SEGMENT_WINDOW = 4096;

/**
 * The sentences of a paragraph, with their offsets in it. A long paragraph (a log file, a page
 * without blank lines) is segmented in windows that end at a line break, or at a space where a
 * line is longer than a window, so the time stays linear in the text's length.
 */
function* segmentsOf(paragraph: string): Generator<{ segment: string; index: number }> {
  for (let from = 0; from < paragraph.length; ) {
    let to = Math.min(paragraph.length, from + SEGMENT_WINDOW);
    if (to < paragraph.length) {
      const cut = Math.max(paragraph.lastIndexOf('\n', to), paragraph.lastIndexOf(' ', to));
      if (cut > from) to = cut + 1;
    }
    for (const seg of sentenceSegmenter.segment(paragraph.slice(from, to))) yield { segment: seg.segment, index: from + seg.index };
    from = to;
  }
}

function wordBoundaryBefore(text: string, limit: number, floor: number): number {
  for (let i = limit; i > floor + (limit - floor) / 2; i--) {
    if (/\s/.test(text[i]!)) return i;
  }
  return limit;
}

function normaliseWhitespace(s: string): string {
  return s.replace(/[ \t\f\v\u00a0]+/g, ' ').replace(/ *\n */g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}
