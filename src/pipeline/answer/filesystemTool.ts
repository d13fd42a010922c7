import type { DocType } from '../index/extractors/types.js';
import { ftsMatchExpression } from '../search/queryTerms.js';
import type { IndexStore } from '../store/indexStore.js';
import type { PlanFilters } from './plan.js';

export interface FileRow {
  path: string;
  type: DocType;
  size: number;
  /** Last modified, ISO 8601. */
  modified: string;
  pages: number | null;
  title: string | null;
}

export interface FileQueryResult {
  /** Every indexed file that matches, not just this page of them. */
  total: number;
  files: FileRow[];
  offset: number;
}

export interface FileQueryOptions {
  /** Only files whose text, name or title contains these words (FTS5, stemmed): any of them, or all with `allTerms`. */
  contentTerms?: readonly string[];
  allTerms?: boolean;
  limit?: number;
  offset?: number;
}

const withBasename = new WeakSet<object>();

/** `docent_basename(path)` in SQL: the part after the last slash or backslash. */
function registerBasename(store: IndexStore): void {
  if (withBasename.has(store.db)) return;
  store.db.function('docent_basename', { deterministic: true }, (p: unknown) => String(p).split(/[\\/]/).pop() ?? '');
  withBasename.add(store.db);
}

const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The filesystem tool: indexed files that match the plan's filters, counted exactly in SQL and
 * listed a page at a time (newest first). Never guessed from search hits.
 */
/** The SQL condition (over `files f`) for the filters and content words, with its parameters. */
function fileWhere(store: IndexStore, filters: PlanFilters, contentTerms?: readonly string[], allTerms = false): { sql: string; params: unknown[] } {
  const where: string[] = ["f.status = 'indexed'"];
  const params: unknown[] = [];
  if (filters.types?.length) {
    where.push(`f.type IN (${filters.types.map(() => '?').join(', ')})`);
    params.push(...filters.types);
  }
  if (filters.modifiedFrom) {
    where.push('f.mtime_ms >= ?');
    params.push(Date.parse(`${filters.modifiedFrom}T00:00:00Z`));
  }
  if (filters.modifiedTo) {
    where.push('f.mtime_ms < ?');
    params.push(Date.parse(`${filters.modifiedTo}T00:00:00Z`));
  }
  if (filters.folder) {
    // A folder of that name anywhere on the path, either separator.
    where.push("(lower(f.path) LIKE ? ESCAPE '\\' OR lower(f.path) LIKE ? ESCAPE '\\')");
    const name = likeEscape(filters.folder.toLowerCase());
    params.push(`%/${name}/%`, `%\\${name}\\%`);
  }
  if (filters.nameContains) {
    // On the file name only, not the folders above it.
    registerBasename(store);
    where.push("lower(docent_basename(f.path)) LIKE ? ESCAPE '\\'");
    params.push(`%${likeEscape(filters.nameContains.toLowerCase())}%`);
  }
  const match = contentTerms?.length ? (allTerms ? contentTerms.map((t) => ftsMatchExpression([t])).join(' AND ') : ftsMatchExpression(contentTerms)) : undefined;
  if (match) {
    where.push('f.id IN (SELECT c.file_id FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid WHERE chunks_fts MATCH ?)');
    params.push(match);
  }
  return { sql: `FROM files f WHERE ${where.join(' AND ')}`, params };
}

/** Whether the filters narrow the files at all. */
export function narrows(filters: PlanFilters): boolean {
  return !!(filters.types?.length || filters.modifiedFrom || filters.modifiedTo || filters.folder || filters.nameContains);
}

/** Ids of the indexed files the filters allow, for scoping a search. */
export function matchingFileIds(store: IndexStore, filters: PlanFilters): number[] {
  const { sql, params } = fileWhere(store, filters);
  return (store.db.prepare(`SELECT f.id ${sql}`).all(...params) as { id: number }[]).map((r) => r.id);
}

export function queryFiles(store: IndexStore, filters: PlanFilters, options: FileQueryOptions = {}): FileQueryResult {
  const { sql, params } = fileWhere(store, filters, options.contentTerms, options.allTerms);
  const { n } = store.db.prepare(`SELECT COUNT(*) AS n ${sql}`).get(...params) as { n: number };
  const limit = Math.max(1, Math.min(options.limit ?? 50, 1000));
  const offset = Math.max(0, options.offset ?? 0);
  const rows = store.db
    .prepare(`SELECT f.path, f.type, f.size, f.mtime_ms AS mtime, f.pages, f.title ${sql} ORDER BY f.mtime_ms DESC, f.path LIMIT ? OFFSET ?`)
    .all(...params, limit, offset) as Array<{ path: string; type: DocType; size: number; mtime: number; pages: number | null; title: string | null }>;
  return {
    total: n,
    offset,
    files: rows.map((r) => ({ path: r.path, type: r.type, size: r.size, modified: new Date(r.mtime).toISOString(), pages: r.pages, title: r.title })),
  };
}
