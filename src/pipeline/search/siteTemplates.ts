import { dirname, extname } from 'node:path';
import type { IndexStore } from '../store/indexStore.js';

/**
 * A site's template: the lines a folder of HTML pages repeats at the top or the bottom of most of
 * its pages ("Small. Fast. Reliable. Choose any three.", "This page last modified on 2020-07-18
 * 16:35:00 UTC", "Last updated 2023-05-01 UTC"). They say nothing about a page's subject, yet
 * they matched questions by their words ("… the last UPDATE modified?") and ran on as a page's
 * first or last sentence. What a PDF's running headers are to its pages, these are to a site's
 * pages, and they are read the same way: by recurrence, not by what they say.
 *
 * Only HTML pages: a site is written from a template; a folder of invoices or letters that end
 * alike ("Payment is due within 30 days.") says something with those lines.
 */

/**
 * Lines read at each end of a page: its first passage's first lines and its last passage's last
 * ones. Ten: Sphinx's footer is seven lines ("© Copyright …", the licence, "Created using Sphinx"),
 * and at five its first two stayed in answers. eval:docs: every answer the same at ten.
 */
const EDGE_LINES = 10;
/** The most of a page's first and last passage read for its edge lines (a line cut by it is left out). */
const EDGE_CHARS = 2000;
/** A template line recurs at an edge of at least this share of a folder's HTML pages … */
const TEMPLATE_SHARE = 0.5;
/** … and of at least this many of them. */
const TEMPLATE_MIN_PAGES = 5;
/**
 * A line of fewer words is never template text: a section's title ("NAME", "SYNOPSIS") or a
 * link ("Prev", "Home") that repeats on every page is the context Map reads sentences under.
 */
const TEMPLATE_MIN_WORDS = 3;

/** HTML pages by the extension the indexer reads as HTML (extract.ts). */
const HTML = new Set(['.html', '.htm', '.xhtml']);

/** A line's shape: lower case, spaces folded, every number one digit ("… on 2020-07-18 16:35:00 UTC" and "… on 2014-08-15 14:59:54 UTC" alike). */
export function lineShape(line: string): string {
  return line.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim().replace(/\p{N}+/gu, '0');
}

/** A page as the finder of templates reads it: its folder, and its text's first and last lines. */
export interface PageEdges {
  path: string;
  first: string;
  last: string;
}

const nonEmptyLines = (text: string): string[] => text.split(/\r?\n/).filter((l) => l.trim());

/**
 * The template lines of each folder (by its path), from its HTML pages' edges: the shapes of
 * lines of TEMPLATE_MIN_WORDS words or more that stand within EDGE_LINES of a page's start or
 * end on at least TEMPLATE_SHARE of the folder's pages, and on TEMPLATE_MIN_PAGES of them.
 */
export function findTemplates(pages: Iterable<PageEdges>): Map<string, Set<string>> {
  const byFolder = new Map<string, { pages: number; counts: Map<string, number> }>();
  for (const page of pages) {
    const folder = dirname(page.path);
    let f = byFolder.get(folder);
    if (!f) byFolder.set(folder, (f = { pages: 0, counts: new Map() }));
    f.pages++;
    const edges = [...nonEmptyLines(page.first).slice(0, EDGE_LINES), ...nonEmptyLines(page.last).slice(-EDGE_LINES)];
    const shapes = new Set(edges.filter((l) => l.trim().split(/\s+/).length >= TEMPLATE_MIN_WORDS).map(lineShape));
    for (const s of shapes) f.counts.set(s, (f.counts.get(s) ?? 0) + 1);
  }
  const out = new Map<string, Set<string>>();
  for (const [folder, { pages, counts }] of byFolder) {
    const bar = Math.max(TEMPLATE_MIN_PAGES, TEMPLATE_SHARE * pages);
    const lines = new Set([...counts].filter(([, n]) => n >= bar).map(([s]) => s));
    if (lines.size) out.set(folder, lines);
  }
  return out;
}

/** A passage's text without the lines of its folder's template (an HTML page's); any other file's as it is. */
export function withoutTemplate(templates: ReadonlyMap<string, ReadonlySet<string>>, path: string, text: string): string {
  if (!HTML.has(extname(path).toLowerCase())) return text;
  const lines = templates.get(dirname(path));
  if (!lines) return text;
  const kept = text.split('\n').filter((l) => !(l.trim() && lines.has(lineShape(l))));
  return kept.length === text.split('\n').length ? text : kept.join('\n').replace(/^\n+/, '');
}

/**
 * The index's site templates, found again when its HTML pages change (indexed, re-read or
 * forgotten), not on every write: vectors being stored do not change a page's text.
 */
export class SiteTemplates {
  private static readonly byStore = new WeakMap<IndexStore, SiteTemplates>();

  static of(store: IndexStore): SiteTemplates {
    let t = SiteTemplates.byStore.get(store);
    if (!t) SiteTemplates.byStore.set(store, (t = new SiteTemplates(store)));
    return t;
  }

  private version: string | undefined;
  private pagesKey: string | undefined;
  private templates = new Map<string, Set<string>>();

  private constructor(private readonly store: IndexStore) {}

  /** A passage's text without its site's template lines (withoutTemplate). */
  strip(path: string, text: string): string {
    return withoutTemplate(this.current(), path, text);
  }

  private current(): Map<string, Set<string>> {
    const version = this.store.changeVersion();
    if (version === this.version) return this.templates;
    this.version = version;
    const key = this.store
      .prepared(`SELECT count(*) || ':' || coalesce(max(indexed_at), 0) || ':' || coalesce(sum(id), 0) FROM files WHERE status = 'indexed' AND type = 'html'`)
      .pluck()
      .get() as string;
    if (key === this.pagesKey) return this.templates;
    this.pagesKey = key;
    // Only a page's ends are read (EDGE_CHARS of each), whole lines of them: a large index is read fast.
    const rows = this.store
      .prepared(
        `SELECT f.path,
           (SELECT substr(text, 1, ${EDGE_CHARS + 1}) FROM chunks WHERE file_id = f.id ORDER BY ordinal ASC LIMIT 1) AS first,
           (SELECT substr(text, -${EDGE_CHARS + 1}) FROM chunks WHERE file_id = f.id ORDER BY ordinal DESC LIMIT 1) AS last
         FROM files f WHERE f.status = 'indexed' AND f.type = 'html'`,
      )
      .all() as { path: string; first: string | null; last: string | null }[];
    const head = (t: string): string => (t.length > EDGE_CHARS ? t.slice(0, t.lastIndexOf('\n') + 1) : t);
    const tail = (t: string): string => (t.length <= EDGE_CHARS ? t : t.includes('\n') ? t.slice(t.indexOf('\n') + 1) : '');
    this.templates = findTemplates(rows.filter((r) => r.first !== null).map((r) => ({ path: r.path, first: head(r.first!), last: tail(r.last ?? '') })));
    return this.templates;
  }
}
