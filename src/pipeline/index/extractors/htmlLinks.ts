// How much of an HTML element its links make: what tells a page's text from the lists and boxes of
// links that say where things are (a table of contents, an index, a cross-reference, a menu).
import { plainText, type HtmlNode } from './htmlText.js';

/** An element left out where links make at least this share of its words (a menu, a book's index). */
export const LINK_SHARE = 0.5;

/** The most words (non-space characters) a box of links may say besides them: a label ("Table of Contents", "Inhaltsverzeichnis"). */
export const LABEL = 20;

/** What an element's links make of it, counted in non-space characters. */
interface LinkCounts {
  /** Every word. */
  letters: number;
  /** Words outside links to the same site. */
  besides: number;
  /** Words of any link (to this site, elsewhere, or without an address). */
  anyLinked: number;
  /** Words of links to the same site. */
  linked: number;
  /** Links to the same site, with or without words. */
  local: number;
  /** Links to the same site that have words. */
  worded: number;
  /** Links to the same site whose words are their own address ("json1.html#jtree"). */
  addresses: number;
}

const NONE: LinkCounts = { letters: 0, besides: 0, anyLinked: 0, linked: 0, local: 0, worded: 0, addresses: 0 };
const SKIPPED = new Set(['script', 'style']);

/** An address on another site or of another kind ("https://…", "//host/…", "mailto:…"), not a page of this one. */
const elsewhere = (href: string): boolean => /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href.trim());
/** Non-space characters (what /\s/ reads as space left out), counted without a copy of the text. */
function letters(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (!isSpace(text.charCodeAt(i))) n++;
  return n;
}
const isSpace = (c: number): boolean =>
  c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || (c >= 0x1680 && (c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff));
const bare = (address: string): string => address.trim().replace(/^\.\//, '');

/**
 * Each element's counts, kept while its document is: html-to-text asks of every nested list and
 * block in turn, and a page nested hundreds deep would be read again at each level.
 */
const counted = new WeakMap<HtmlNode, LinkCounts>();

function linkCounts(a: HtmlNode): LinkCounts {
  const text = plainText(a.children ?? []);
  const words = letters(text);
  const href = a.attribs?.href ?? '';
  if (!href || elsewhere(href)) return { ...NONE, letters: words, besides: words, anyLinked: words };
  return { letters: words, besides: 0, anyLinked: words, linked: words, local: 1, worded: words ? 1 : 0, addresses: text.trim() && bare(text) === bare(href) ? 1 : 0 };
}

/** The counts of an element and all within it, each element counted once, without recursion. */
function countsOf(root: HtmlNode): LinkCounts {
  const stack: [HtmlNode, boolean][] = [[root, false]];
  while (stack.length) {
    const [n, childrenDone] = stack.pop()!;
    if (counted.has(n)) continue;
    // Text is read by sum, where it stands; only elements are kept.
    if (!n.children || (n.name && SKIPPED.has(n.name))) counted.set(n, NONE);
    else if (n.type === 'tag' && n.name === 'a') counted.set(n, linkCounts(n));
    else if (!childrenDone) {
      stack.push([n, true]);
      for (const c of n.children) if (c.type !== 'text' && !counted.has(c)) stack.push([c, false]);
    } else counted.set(n, sum(n.children));
  }
  return counted.get(root)!;
}

/** The counts of nodes together (text read here, elements as counted). */
function sum(nodes: readonly HtmlNode[]): LinkCounts {
  const out = { ...NONE };
  for (const n of nodes) {
    if (n.type === 'text') {
      const l = letters(n.data ?? '');
      out.letters += l;
      out.besides += l;
      continue;
    }
    const c = counted.get(n) ?? countsOf(n);
    out.letters += c.letters;
    out.besides += c.besides;
    out.anyLinked += c.anyLinked;
    out.linked += c.linked;
    out.local += c.local;
    out.worded += c.worded;
    out.addresses += c.addresses;
  }
  return out;
}

/** Whether links of any kind make at least LINK_SHARE of the nodes' words: a menu, a sidebar, a breadcrumb trail. */
export function mostlyLinks(nodes: readonly HtmlNode[]): boolean {
  const c = sum(nodes);
  return c.letters > 0 && c.anyLinked >= LINK_SHARE * c.letters;
}

/**
 * Whether a list says where things are rather than what they are: links to the same site's pages
 * make at least LINK_SHARE of its words (a table of contents, a book's index, a keyword index), or
 * most of its links (three or more) show their own address as their words (a generated
 * cross-reference: "json1.html#jtree → json_tree"). A list of links elsewhere (bookmarks, a
 * bibliography) and a list that links a few of its words are text.
 */
export function listsPlaces(nodes: readonly HtmlNode[]): boolean {
  const c = sum(nodes);
  if (!c.letters) return false;
  return c.linked >= LINK_SHARE * c.letters || (c.local >= 3 && c.addresses >= c.local / 2);
}

/**
 * Whether nodes are links to the same site's pages (three or more) and at most a label of LABEL
 * characters besides: a box of links, such as a table of contents written as blocks rather than a
 * list, or a "Prev · Up · Next" bar.
 */
export function linksOnly(nodes: readonly HtmlNode[]): boolean {
  const c = sum(nodes);
  return c.besides <= LABEL && c.worded >= 3;
}

/** The most characters a line of a table of contents says besides its link: a page number ("xiv", "127"). */
const PAGE_NUMBER = 4;

/** A paragraph of a link to the same site and at most a page number besides: a line of a table of contents. */
function linkLine(n: HtmlNode): boolean {
  if (n.type !== 'tag' || n.name !== 'p' || !n.children) return false;
  const c = sum(n.children);
  return c.worded >= 1 && c.besides <= PAGE_NUMBER;
}

/** The element beside one (before or after it), past the white space between them. */
function beside(n: HtmlNode, side: 'prev' | 'next'): HtmlNode | undefined {
  let s = n[side];
  while (s && s.type === 'text' && !/\S/.test(s.data ?? '')) s = s[side];
  return s ?? undefined;
}

/** How many link lines run from an element on one side of it (it not counted), up to `most`. */
function linesBeside(n: HtmlNode, side: 'prev' | 'next', most: number): number {
  let k = 0;
  for (let s = beside(n, side); s && k < most && linkLine(s); s = beside(s, side)) k++;
  return k;
}

/** The fewest link lines in a row that make a table of contents written as paragraphs. */
const CONTENTS_LINES = 3;

/**
 * Whether a paragraph belongs to a table of contents written as paragraphs, as Word writes one (a
 * paragraph per entry, each a link to its heading: "1. Introduction 3"): a link line in a run of
 * CONTENTS_LINES or more, or the label just before such a run ("Contents"): a paragraph of at most
 * LABEL characters and no link.
 */
export function contentsLine(p: HtmlNode): boolean {
  if (linkLine(p)) return 1 + linesBeside(p, 'prev', CONTENTS_LINES) + linesBeside(p, 'next', CONTENTS_LINES) >= CONTENTS_LINES;
  if (p.type !== 'tag' || p.name !== 'p' || !p.children) return false;
  const c = sum(p.children);
  return c.letters > 0 && c.local === 0 && c.letters <= LABEL && linesBeside(p, 'next', CONTENTS_LINES) >= CONTENTS_LINES;
}
