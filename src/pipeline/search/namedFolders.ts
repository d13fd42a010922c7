// A file's folders as words, and the keyword side's preference for passages in a folder the query names.
import { dirname, relative, sep } from 'node:path';
import type { IndexStore } from '../store/indexStore.js';
import { queryTerms } from './queryTerms.js';
import type { ScoredId } from './hybridSearch.js';

/** A file's or folder's name as the words it is made of ("heat-pump_manual.v2": "heat pump manual v2"). */
export const nameWords = (name: string): string => name.replace(/[-_.]+/g, ' ');

/**
 * The names of the folders between the indexed folder that holds a file and the file
 * ("databases/sqlite/limits.html" under "databases": ["sqlite"]); none for a file at an indexed
 * folder's top or outside every indexed folder. The innermost indexed folder that holds it counts.
 */
export function foldersWithin(store: IndexStore): (path: string) => string[] {
  const roots = (store.prepared('SELECT path FROM roots').all() as { path: string }[]).map((r) => r.path).sort((a, b) => b.length - a.length);
  return (path) => {
    const root = roots.find((r) => path.startsWith(r + sep));
    return root ? relative(root, dirname(path)).split(sep).filter(Boolean) : [];
  };
}

/**
 * How much more a passage's keyword score counts where the query names one of its file's folders
 * ("… in SQLite?" of sqlite/lang_upsert.html). A user files things by what they are about, and a
 * manual's pages seldom repeat its name: most of SQLite's passages never say "SQLite", so a
 * question that names it found PostgreSQL's pages on the same words first. The folder's name was
 * read by Map and the passage order only, after search had chosen. eval:docs --vectors both:
 * SQLite part hit@1 0.355 → 0.484, MRR@10 0.492 → 0.572 (with vectors 0.484 → 0.564), every
 * other figure the same but Dutch unanswerable AUROC 0.913 → 0.921; at 0.5 (keywords) the same
 * ranks, but one of SQLite's three unanswerable questions answered.
 */
export const NAMED_FOLDER_BOOST = 0.2;

/**
 * The keyword side's candidates, those in a folder whose name holds one of the query's words
 * scored NAMED_FOLDER_BOOST more, best first (ties keep their order). Soft: a passage elsewhere
 * that matches the words much better still leads, unlike Plan's folder filter ("in my invoices
 * folder"), which keeps only that folder.
 */
export function preferNamedFolders(store: IndexStore, keyword: readonly ScoredId[], terms: readonly string[]): ScoredId[] {
  if (!keyword.length || !terms.length) return [...keyword];
  const named = inNamedFolder(store, terms);
  // The candidates' files, read at once.
  const rows = store.prepared('SELECT c.id, f.path FROM chunks c JOIN files f ON f.id = c.file_id WHERE c.id IN (SELECT value FROM json_each(?))').all(JSON.stringify(keyword.map((r) => r.id))) as { id: number; path: string }[];
  return boostWhere(keyword, new Set(rows.filter((r) => named(r.path)).map((r) => r.id)), NAMED_FOLDER_BOOST);
}

/** Whether a file is in a folder whose name holds one of `terms` (queryTerms of a query); each file's folders read once. */
export function inNamedFolder(store: IndexStore, terms: readonly string[]): (path: string) => boolean {
  const asked = new Set(terms);
  if (!asked.size) return () => false;
  const folders = foldersWithin(store);
  const named = new Map<string, boolean>();
  return (path) => {
    let is = named.get(path);
    if (is === undefined) named.set(path, (is = folders(path).some((f) => queryTerms(nameWords(f)).some((w) => asked.has(w)))));
    return is;
  };
}

/** The keyword side's candidates, those in `lifted` scored `boost` more (a share of their score), best first; ties keep their order. */
export function boostWhere(keyword: readonly ScoredId[], lifted: ReadonlySet<number>, boost: number): ScoredId[] {
  const scored = keyword.map((r, i) => ({ r: lifted.has(r.id) ? { id: r.id, score: r.score * (1 + boost) } : r, i }));
  return scored.sort((a, b) => b.r.score - a.r.score || a.i - b.i).map((s) => s.r);
}
