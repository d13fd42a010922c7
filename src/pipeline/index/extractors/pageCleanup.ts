/**
 * Cleaning of paginated text (PDF): running headers and footers dropped, words split at a line
 * end rejoined. Both are read from the document itself, so they work for any language and layout.
 */

/** Marks a hyphen that ended a line in the PDF, until the document's words decide what it was. */
export const BREAK_HYPHEN = '\u00ad';

/** How many lines at each end of a page can be a running header or footer. */
const EDGE_LINES = 2;
/** A line at a page's edge that recurs (digits aside) on this many pages is running. */
const MIN_REPEATS = 3;
/** Without a page number in it, a recurring edge line is running only on this share of pages. */
const MIN_SHARE_WITHOUT_NUMBER = 0.2;

/** A line with its numbers and spacing made neutral: "Chapter 15: Plotting 353" → "chapter #: plotting #". */
const lineShape = (line: string): string => line.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();

/** Indices of the first and last non-empty lines of a page (at most EDGE_LINES each). */
function edgeLines(lines: readonly string[]): number[] {
  const filled = lines.flatMap((l, i) => (l.trim() ? [i] : []));
  return [...new Set([...filled.slice(0, EDGE_LINES), ...filled.slice(-EDGE_LINES)])];
}

/**
 * The keys under which an edge line recurs: its shape, and for each number in it the shape with
 * that number's distance to the page's position. A page number keeps its distance from page to
 * page ("gnuplot 5.4 127" on the 127th page, "Chapter 15: Plotting 353" on the 369th); a
 * cross-reference that happens to end a page ("page 450.") does not.
 */
function lineKeys(line: string, pageIndex: number): string[] {
  const shape = lineShape(line);
  if (!shape) return [];
  const numbers = line.match(/\d+/g) ?? [];
  return numbers.length ? numbers.map((n) => `${shape}|${Number(n) - pageIndex}`) : [shape];
}

/** A document numbers its pages where one distance between the number closing an edge line and the page's position recurs on this share of its pages. */
const MIN_SHARE_NUMBERED = 0.3;

/**
 * The number that closes a line of words or stands alone: where a header or footer prints its page
 * number. Not one that opens a line: a chapter's or a footnote's number does that, and on an early
 * page it can be the page's number too ("1 Introduction" on page 1).
 */
function endNumber(line: string): number | undefined {
  const t = line.trim();
  if (!/^\d+$/.test(t) && !/\p{L}/u.test(t)) return undefined;
  const n = /(?<=^|\s)\d+$/.exec(t)?.[0];
  return n === undefined ? undefined : Number(n);
}

/**
 * The distance between a page's printed number and its position, where the document prints one:
 * the distance most of the numbers closing its edge lines keep, on MIN_SHARE_NUMBERED of its pages.
 */
function pageNumberOffset(split: readonly (readonly string[])[]): number | undefined {
  const pagesWith = new Map<number, number>();
  split.forEach((lines, p) => {
    for (const d of new Set(edgeLines(lines).flatMap((i) => endNumber(lines[i]!) ?? []).map((n) => n - p))) pagesWith.set(d, (pagesWith.get(d) ?? 0) + 1);
  });
  const [offset, n] = [...pagesWith].reduce((a, b) => (b[1] > a[1] ? b : a), [0, 0]);
  return n >= MIN_REPEATS && n >= MIN_SHARE_NUMBERED * split.length ? offset : undefined;
}

/**
 * Drops running headers and footers: lines at a page's top or bottom that recur at the edges of
 * several pages, with their page number where they have one ("gnuplot 5.4 127", "Chapter 15:
 * Plotting 353", a lone page number), and any edge line that closes with its page's printed
 * number where the document numbers its pages: a short chapter's header ("Chapter 4:
 * Ordered and unordered factors 18") is on too few pages to recur. A line without a number must
 * recur on a fifth of the pages, so that a heading that happens to open three pages stays.
 */
export function withoutRunningLines(pages: readonly string[]): string[] {
  if (pages.length < MIN_REPEATS) return [...pages];
  const split = pages.map((p) => p.split('\n'));
  const seen = new Map<string, number>();
  split.forEach((lines, p) => {
    for (const key of new Set(edgeLines(lines).flatMap((i) => lineKeys(lines[i]!, p)))) seen.set(key, (seen.get(key) ?? 0) + 1);
  });
  const offset = pageNumberOffset(split);
  const running = (line: string, p: number): boolean =>
    (offset !== undefined && endNumber(line) === p + offset) ||
    lineKeys(line, p).some((key) => {
      const n = seen.get(key) ?? 0;
      return n >= MIN_REPEATS && (key.includes('|') || n >= MIN_SHARE_WITHOUT_NUMBER * pages.length);
    });
  return split.map((lines, p) => {
    const drop = new Set(edgeLines(lines).filter((i) => running(lines[i]!, p)));
    return lines.filter((_, i) => !drop.has(i)).join('\n');
  });
}

/** Below this many distinct words a document says too little to join a split word whose halves it never writes. */
const MIN_EVIDENCE_WORDS = 2000;

const WORD = /[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu;

/**
 * Rejoins words split at a line end: "charac-" + "ter" is "character" where the document writes
 * "character" elsewhere, or writes neither half as a word of its own; it stays "three-year" where
 * the document writes "three-year", or "three" and "year" alone, or gives no evidence (a short
 * document), as a hyphen is then the safer reading.
 */
export function joinBreakHyphens(pages: readonly string[]): string[] {
  if (!pages.some((p) => p.includes(BREAK_HYPHEN))) return [...pages];
  const words = new Set<string>();
  for (const p of pages) for (const m of p.replace(new RegExp(`[\\p{L}\\p{N}]+${BREAK_HYPHEN}[\\p{L}\\p{N}]+`, 'gu'), ' ').matchAll(WORD)) {
    const w = m[0].toLowerCase();
    words.add(w);
    for (const part of w.split('-')) words.add(part);
  }
  const split = new RegExp(`([\\p{L}\\p{N}]+)${BREAK_HYPHEN}([\\p{L}\\p{N}]+)`, 'gu');
  return pages.map((p) =>
    p.replace(split, (_, a: string, b: string) => {
      const [left, right] = [a.toLowerCase(), b.toLowerCase()];
      if (words.has(left + right)) return a + b;
      if (words.has(`${left}-${right}`)) return `${a}-${b}`;
      if (words.has(left) || words.has(right)) return `${a}-${b}`;
      return words.size < MIN_EVIDENCE_WORDS ? `${a}-${b}` : a + b;
    }).replaceAll(BREAK_HYPHEN, '-'),
  );
}

/** Both cleanings, in the order that lets the second see the document's real words. */
export function cleanPages(pages: readonly string[]): string[] {
  return joinBreakHyphens(withoutRunningLines(pages));
}
