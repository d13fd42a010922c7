import type { PageSection } from './types.js';

/** An entry of a PDF's outline (its bookmarks): where it points, and its title under its parent's. */
export interface OutlineEntry {
  /** 0-based page index. */
  pageIndex: number;
  title: string;
  /** The entry's own title, as the page is likely to print it. */
  own: string;
}

/** The parts of pdfjs's document this reads (PDFDocumentProxy implements them). */
export interface OutlineSource {
  getOutline(): Promise<OutlineNode[] | null>;
  getDestination(id: string): Promise<unknown[] | null>;
  getPageIndex(ref: never): Promise<number>;
}

interface OutlineNode {
  title: string;
  dest: string | unknown[] | null;
  items: OutlineNode[];
}

/** Outlines longer than this are read this far (a generated index of every symbol says little per page). */
const MAX_ENTRIES = 5000;
/** A title longer than this is cut (a bookmark holding a whole sentence). */
const MAX_TITLE = 120;

const clean = (s: unknown): string => (typeof s === 'string' ? s.replace(/\s+/g, ' ').trim().slice(0, MAX_TITLE) : '');

/**
 * A PDF's outline in reading order, each entry with the page it points to and its title under its
 * parent's ("Set-show › Logscale"). Empty when the PDF has none or it cannot be read: an outline
 * only adds context, so nothing about it ever stops a file from being indexed.
 */
export async function readOutline(doc: OutlineSource): Promise<OutlineEntry[]> {
  const out: OutlineEntry[] = [];
  let roots: OutlineNode[] | null;
  try {
    roots = await doc.getOutline();
  } catch {
    return out;
  }
  const pageOf = async (dest: OutlineNode['dest']): Promise<number | undefined> => {
    try {
      const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
      if (!Array.isArray(explicit) || explicit.length === 0) return undefined;
      const target = explicit[0];
      if (typeof target === 'number') return target;
      if (target && typeof target === 'object') return await doc.getPageIndex(target as never);
    } catch {
      /* a broken destination: the entry is left out */
    }
    return undefined;
  };
  const walk = async (nodes: readonly OutlineNode[] | undefined, parent: string): Promise<void> => {
    for (const node of nodes ?? []) {
      if (out.length >= MAX_ENTRIES) return;
      const own = clean(node.title);
      const pageIndex = await pageOf(node.dest);
      if (own && pageIndex !== undefined && Number.isInteger(pageIndex) && pageIndex >= 0) out.push({ pageIndex, own, title: parent ? `${parent} › ${own}` : own });
      await walk(node.items, own);
    }
  };
  await walk(roots ?? [], '');
  return out;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Places outline entries in the pages' texts: an entry starts where its page prints its title (at
 * or after the entry before it on that page), or at the page's top where the title is not found
 * as printed. Each page gets the section carried over from the pages before it, then its own.
 */
export function placeSections(entries: readonly OutlineEntry[], texts: readonly string[]): PageSection[][] {
  const byPage = new Map<number, OutlineEntry[]>();
  for (const e of entries) {
    if (e.pageIndex >= texts.length) continue;
    byPage.set(e.pageIndex, [...(byPage.get(e.pageIndex) ?? []), e]);
  }
  let carried: string | undefined;
  return texts.map((text, i) => {
    const sections: PageSection[] = carried ? [{ offset: 0, title: carried }] : [];
    let from = 0;
    for (const e of byPage.get(i) ?? []) {
      // The title's words as printed, any spacing or line break between them, any case: where it
      // opens a line (a heading, with its number: "2.5 Diary and …"), else anywhere, else the
      // entry starts where the one before it did.
      const words = e.own.split(' ').map(escape).join('\\s+');
      const find = (re: RegExp): number | undefined => {
        re.lastIndex = from;
        const m = re.exec(text);
        return m ? m.index + (m[0].length - m[0].trimStart().length) : undefined;
      };
      const at = find(new RegExp(`^[ \\t]*(?:\\d+(?:\\.\\d+)*\\.?\\s+)?${words}`, 'gimu')) ?? find(new RegExp(words, 'giu')) ?? from;
      from = at;
      // An entry at the same place as the one before it (a chapter and its first section) replaces it.
      if (sections.length && sections[sections.length - 1]!.offset === at) sections.pop();
      sections.push({ offset: at, title: e.title });
      carried = e.title;
    }
    return sections;
  });
}
