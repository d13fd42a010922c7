import { BREAK_HYPHEN, cleanPages } from './pageCleanup.js';
import { placeSections, readOutline } from './pdfOutline.js';
import { ExtractionError, type ExtractedDocument, type ExtractedPage } from './types.js';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsPromise: Promise<PdfJs> | undefined;

/** pdfjs in Node needs its legacy build; loaded once, on the first PDF. */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsPromise;
}

export interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
  /** Where pdf.js placed the item: [a, b, c, d, x, y]. */
  transform?: readonly number[];
  width?: number;
  height?: number;
}

/** Two items closer than this share of their text's height are one run of text: a font's change ("‘" + "install.packages(" + "pkgname" + ")"), not a space. */
const TOUCHING = 0.15;

/** An item's place in upright text, [x, y], where pdf.js gave one. */
function placeOf(item: TextItemLike): [number, number] | undefined {
  const t = item.transform;
  return t && t.length >= 6 && t[1] === 0 ? [t[4]!, t[5]!] : undefined;
}

const heightOf = (item: TextItemLike): number => item.height || Math.abs(item.transform?.[3] ?? 0);

/**
 * Whether an item begins where the one before it ends, on the same line, in upright text: the PDF
 * wrote no space between them (a space is an item of its own, or a gap).
 */
function touches(a: TextItemLike, b: TextItemLike): boolean {
  const [pa, pb] = [placeOf(a), placeOf(b)];
  if (!pa || !pb || a.width === undefined) return false;
  const h = Math.max(heightOf(a), heightOf(b));
  if (!(h > 0)) return false;
  return Math.abs(pa[1] - pb[1]) < 0.3 * h && Math.abs(pb[0] - (pa[0] + a.width)) < TOUCHING * h;
}

/** Text per page with page numbers kept, so every chunk can be cited as file + page. */
export async function extractPdf(buf: Buffer): Promise<ExtractedDocument> {
  if (buf.subarray(0, 1024).indexOf('%PDF-') === -1) {
    throw new ExtractionError('failed', 'not a valid PDF (no PDF header: the file is damaged or is another kind of file)');
  }
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(buf), // pdfjs takes ownership of the array it is given
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    throw pdfError(err);
  }
  try {
    let title: string | null = null;
    try {
      const meta = await doc.getMetadata();
      const info = meta.info as { Title?: unknown } | undefined;
      if (typeof info?.Title === 'string' && info.Title.trim()) title = info.Title.trim();
    } catch {
      // metadata is optional; a damaged info dictionary does not stop the text
    }
    const pages: ExtractedPage[] = [];
    let brokenPages = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      try {
        const page = await doc.getPage(n);
        const content = await page.getTextContent();
        pages.push({ page: n, text: joinItems(content.items as TextItemLike[]) });
        page.cleanup();
      } catch {
        brokenPages++;
        pages.push({ page: n, text: '' });
      }
    }
    if (brokenPages === doc.numPages) {
      throw new ExtractionError('failed', 'the PDF is damaged: none of its pages could be read');
    }
    if (pages.every((p) => p.text.trim().length === 0)) {
      throw new ExtractionError(
        'skipped',
        'the PDF has no text layer (probably scanned images); Docent does not read text from images yet',
      );
    }
    // Running headers and footers go, and words split at a line end are joined (pageCleanup.ts).
    const cleaned = cleanPages(pages.map((p) => p.text));
    // The outline's sections give each passage its title ("Set-show › Logscale"): what a page is
    // about, where the page itself prints it once at most.
    const sections = placeSections(await readOutline(doc), cleaned);
    return { type: 'pdf', title, pages: pages.map((p, i) => ({ page: p.page, text: cleaned[i]!, ...(sections[i]!.length ? { sections: sections[i] } : {}) })) };
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}

/** A digit item that stands this share of the text's height above the item before it, and is smaller, is raised: a footnote's mark or an exponent. */
const RAISED = 0.2;
/** At most this share of the height of the item before it. */
const SMALLER = 0.85;

/** The raised digits of a page (a footnote's mark, an exponent), each with the item of the line it stands after. */
function raisedDigits(items: readonly TextItemLike[]): Map<number, TextItemLike> {
  const raised = new Map<number, TextItemLike>();
  let before: TextItemLike | undefined;
  items.forEach((item, i) => {
    if (typeof item.str !== 'string' || !item.str.trim()) return;
    const base = before;
    before = item;
    const [at, atBase] = [placeOf(item), base && placeOf(base)];
    if (!base || !at || !atBase || !/^\d{1,3}$/.test(item.str)) return;
    const h = heightOf(base);
    const rise = at[1] - atBase[1];
    if (h > 0 && rise > RAISED * h && rise < 0.8 * h && heightOf(item) < SMALLER * h) {
      raised.set(i, base);
      before = base;
    }
  });
  return raised;
}

/**
 * A page's text items as lines (exported for its tests). A raised digit is a footnote's mark
 * where a line of the page opens with its number (the footnote), and is left out ("here statef,
 * as if", not "here statef 2 , as if"); any other is an exponent, written "^2" ("2^31", "x^2").
 */
export function joinItems(items: readonly TextItemLike[]): string {
  const raised = raisedDigits(items);
  const lines = pageLines(items);
  const footnotes = footnoteStarts(items, lines);
  if (!raised.size) return joinRun(items, raised, new Set(), footnotes);
  // The numbers that open a line of the page: a raised digit that is one of them marks its footnote.
  const notes = new Set(lines.flatMap((line) => /^(\d{1,3})\s+\p{L}/u.exec(line.text.trim())?.[1] ?? []));
  return joinRun(items, raised, notes, footnotes);
}

/** A line set this much smaller than the page's text (by its tallest item) is in a smaller type: a footnote's, where it opens with a number. */
const FOOTNOTE_TYPE = 0.9;

/**
 * The items that open a footnote: the first item of a line that opens with a number ("4 for a
 * small number of CRAN packages …"), set in a smaller type than most of the page's text, as is
 * every line after it that has a word (footnotes stand at the page's foot; a page number may
 * close it). Its footnote is a paragraph of its own, not the end of the page's last sentence.
 */
function footnoteStarts(items: readonly TextItemLike[], lines: readonly PageLine[]): Set<number> {
  // The page's text height: the one most of its characters are set in.
  const chars = new Map<number, number>();
  for (const item of items) {
    const h = Math.round(heightOf(item) * 10) / 10;
    if (typeof item.str === 'string' && h > 0) chars.set(h, (chars.get(h) ?? 0) + item.str.trim().length);
  }
  const body = [...chars].reduce((a, b) => (b[1] > a[1] ? b : a), [0, 0])[0];
  const starts = new Set<number>();
  if (!(body > 0)) return starts;
  // From the foot up, while the lines with words are in the smaller type (the page's first line is none).
  for (let k = lines.length - 1; k > 0; k--) {
    const { first, tallest, text } = lines[k]!;
    if (!/\p{L}/u.test(text)) continue;
    if (!(tallest < FOOTNOTE_TYPE * body)) break;
    if (/^\s*\d{1,3}\s/u.test(text)) starts.add(first);
  }
  return starts;
}

/** The page's lines as pdf.js ends them: each one's first item, its tallest item's height and its text, a space where a gap stands (as joinRun reads it). */
function pageLines(items: readonly TextItemLike[]): PageLine[] {
  const lines: PageLine[] = [];
  let line: PageLine | undefined;
  // The line's item before, for the space a gap makes (as joinRun reads it: "4" + "for …" set apart by a gap alone).
  let before: TextItemLike | undefined;
  for (const [i, item] of items.entries()) {
    if (typeof item.str !== 'string') continue;
    if (item.str.trim()) {
      line ??= { first: i, tallest: 0, text: '' };
      line.tallest = Math.max(line.tallest, heightOf(item));
    }
    if (!line) continue;
    if (before && item.str && !/\s$/u.test(line.text) && !touches(before, item)) line.text += ' ';
    line.text += item.str;
    before = item.str ? item : before;
    if (item.hasEOL) {
      lines.push(line);
      line = undefined;
      before = undefined;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A line of a page's items: its first item's index, its tallest item's height, its text. */
interface PageLine {
  first: number;
  tallest: number;
  text: string;
}

function joinRun(items: readonly TextItemLike[], raised: ReadonlyMap<number, TextItemLike>, notes: ReadonlySet<string>, footnotes: ReadonlySet<number>): string {
  let out = '';
  // The item before, when a space may stand between it and the next: none where the next one touches it.
  let spaceAfter: TextItemLike | undefined;
  for (const [i, item] of items.entries()) {
    if (typeof item.str !== 'string') continue;
    // A footnote opens a paragraph of its own.
    if (footnotes.has(i) && out.trim()) {
      out = `${out.replace(/\s*$/u, '')}\n\n`;
      spaceAfter = undefined;
    }
    const base = raised.get(i);
    if (base) {
      // What follows a raised digit touches it where it goes on from the digit's end on the line's own height.
      const end: TextItemLike = { str: item.str, transform: [1, 0, 0, 1, placeOf(item)![0] + (item.width ?? 0), placeOf(base)![1]], width: 0, height: heightOf(base) };
      if (!notes.has(item.str)) out += `^${item.str}`;
      if (item.hasEOL) {
        out += '\n';
        spaceAfter = undefined;
      } else spaceAfter = end;
      continue;
    }
    if (spaceAfter && item.str.length > 0) {
      if (!touches(spaceAfter, item) && !out.endsWith(' ')) out += ' ';
      spaceAfter = undefined;
    }
    out += item.str;
    // An identifier broken after its underscore ("R_" + "LIBS_USER"): prose never ends a word so.
    if (item.hasEOL && /[\p{L}\p{N}]_$/u.test(out)) continue;
    // A line that ends in a hyphen continues on the next: whether "charac-" + "ter" or "three-" +
    // "year", the document's own words decide (joinBreakHyphens).
    if (item.hasEOL && /\p{L}-$/u.test(out)) {
      out = out.slice(0, -1) + BREAK_HYPHEN;
      continue;
    }
    if (/\p{L}-$/u.test(out)) continue;
    // A web address that a line end broke ("https://www." + "gnu.org/philosophy/…") goes on: its
    // part ends in a dot, a slash or a hyphen, and the next line opens with more of an address.
    if (item.hasEOL && URL_PART.test(out) && URL_GOES_ON.test(firstWord(items, i + 1))) continue;
    if (item.hasEOL) {
      out += '\n';
      spaceAfter = undefined;
    } else if (item.str.length > 0) spaceAfter = item;
  }
  // A C1 control character is no text: a glyph the PDF maps there (gnuplot's bullets), a bullet where it opens a line.
  return out.replace(/^[\u0080-\u009f](?=\s)/gmu, '•').replace(/[\u0080-\u009f]/gu, '').replace(/[ \t]+\n/g, '\n').replace(/[ \t]{2,}/g, ' ').trim();
}

/** The text of the items from `from` on up to the first space or line end: a line's first word, whatever items it is set in ("html" + ")"). */
function firstWord(items: readonly TextItemLike[], from: number): string {
  let word = '';
  for (const item of items.slice(from)) {
    const str = item.str ?? '';
    if (!word && !str.trim()) continue;
    const space = str.search(/\s/u);
    if (space >= 0) return word + str.slice(0, space);
    word += str;
    if (item.hasEOL) break;
  }
  return word;
}

/** A web address at a line's end, cut after its scheme, a dot, a slash or a hyphen; not one a bracket closed ("…/10474713)).") */
const URL_PART = /(?:https?|ftp):\/\/(?:[^\s()]*(?:[^/\s()][.]|[/-]))?$/u;
/**
 * A line opening with more of an address: a run of a name's characters with a letter in it (not a
 * section's number, "2.8"), then a dot, a slash, "=", "?", "#", "&" or the bracket that closes
 * it ("gnu.org/…", "html)").
 */
const URL_GOES_ON = /^(?=[\p{N}_~%-]*\p{L})[\p{L}\p{N}_~%-]+[./?=#&)]/u;

function pdfError(err: unknown): ExtractionError {
  if (err instanceof ExtractionError) return err;
  const name = (err as { name?: string })?.name ?? '';
  const message = (err as { message?: string })?.message ?? String(err);
  if (name === 'PasswordException') {
    return new ExtractionError('failed', 'the PDF is encrypted (password protected); remove the password to index it');
  }
  if (name === 'InvalidPDFException' || /Invalid PDF|bad XRef|startxref/i.test(message)) {
    return new ExtractionError('failed', 'not a valid PDF: the file is damaged or truncated');
  }
  return new ExtractionError('failed', `cannot read this PDF (${message.split('\n')[0]!.slice(0, 160)})`);
}
