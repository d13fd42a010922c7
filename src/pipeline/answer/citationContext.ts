import type { Fact } from './mapStage.js';
import type { Citation } from './reduce.js';

/** Characters of the passage shown on each side of a cited sentence. */
export const CONTEXT_CHARS = 240;
/** How much of a quote's start and end is looked for in its passage (a quote may join two sentences a fragment separated). */
const PROBE = 60;
/** How much of a quote's start is looked for at its passage's end, where the quote runs on past it. */
const RUN_ON_PROBE = 20;

/** A text's whitespace as single spaces, trimmed: how a quote and its passage are compared. */
export const flat = (s: string): string => s.replace(/\s+/g, ' ').trim();

/**
 * Where a quote stands in its passage: the text before and after it, each cut at a word to about
 * CONTEXT_CHARS (with "…" where cut). Undefined when the quote cannot be found in the passage as
 * written (a model's paraphrase).
 */
export function quoteContext(quote: string, passage: string): { before: string; after: string } | undefined {
  // A Markdown title's marks ("## Price") are markup, not text to show.
  const text = flat(passage.replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, ''));
  // A quote shown in part (excerpt: "… part …") is looked for without its marks.
  const quoted = flat(quote).replace(/^… /, '').replace(/ …$/, '');
  if (!quoted) return undefined;
  // A quote Map opened with its section's title ("work_mem (integer): The default …") is looked for without it.
  const title = quoted.indexOf(': ');
  const located = (x: string): number => {
    const at = text.indexOf(x.slice(0, PROBE));
    if (at >= 0) return at;
    // A quote that runs on past the passage's end (a sentence a page break cut) starts in its last words.
    const head = text.indexOf(x.slice(0, RUN_ON_PROBE));
    return head >= 0 && x.startsWith(text.slice(head)) ? head : -1;
  };
  // A quote Map began with the previous passage's words (a page break cut its sentence) is looked for from where this passage starts.
  const opens = quoted.indexOf(text.slice(0, RUN_ON_PROBE));
  const q = [quoted, ...(title > 0 ? [quoted.slice(title + 2)] : []), ...(opens > 0 ? [quoted.slice(opens)] : [])].find((x) => located(x) >= 0);
  if (!q) return undefined;
  const start = located(q);
  // The quote's end, or else its last sentence alone (Map joins a sentence to its neighbour over a left-out fragment).
  const cut = q.lastIndexOf('. ', q.length - 3);
  const ends = [q.slice(-PROBE), ...(cut > 0 ? [q.slice(cut + 2).slice(-PROBE)] : [])];
  const found = ends.map((tail) => ({ tail, at: text.indexOf(tail, start) })).find((e) => e.at >= 0);
  // A quote that runs on into the next passage ends where this one does.
  const runsOn = !found && q.startsWith(text.slice(start));
  if (!found && !runsOn) return undefined;
  const end = found ? found.at + found.tail.length : text.length;
  let before = text.slice(0, start);
  if (before.length > CONTEXT_CHARS) before = `…${before.slice(before.indexOf(' ', before.length - CONTEXT_CHARS) + 1)}`;
  let after = text.slice(end);
  if (after.length > CONTEXT_CHARS) after = `${after.slice(0, after.lastIndexOf(' ', CONTEXT_CHARS))}…`;
  return { before, after };
}

/** Each citation with the text around its quote in the passage it came from, where it can be found there. */
export function withContext(citations: readonly Citation[], facts: readonly Fact[], texts: ReadonlyMap<number, string>): Citation[] {
  const key = (c: Pick<Citation, 'path' | 'page' | 'quote'>): string => `${c.path}\u0000${c.page}\u0000${c.quote}`;
  const factOf = new Map(facts.map((f) => [key(f), f]));
  return citations.map((c) => {
    const fact = factOf.get(key(c));
    const passage = fact === undefined ? undefined : (texts.get(fact.chunkId) ?? '');
    // A table's row is quoted in its columns' names: it stands in the passage as the line it was read from.
    const context = passage === undefined ? undefined : (quoteContext(c.quote, passage) ?? (fact?.row ? quoteContext(fact.row, passage) : undefined));
    return context ? { ...c, context } : c;
  });
}
