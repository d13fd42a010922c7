import { createHash } from 'node:crypto';
import type { IndexStore } from './indexStore.js';
import type { RewriteOptions, RewriteResult } from '../rewrite/types.js';

export const DEFAULT_REWRITE_TTL_MS = 60 * 60 * 1000;

export interface RewriteCacheKeyParts {
  query: string;
  /** The history turns the rewrite will see, as text, in order. */
  turns: readonly string[];
  /**
   * The whole conversation, as written: the lexical engine reads beyond the selected turns (the
   * user's earlier messages for the language and the person meant, every answer for "what you
   * said about …"), so two conversations that share their selected turns may rewrite differently.
   */
  conversation?: readonly string[];
  /** Engine and model, e.g. "lexical@1" or "llm:lfm2.5-1.2b-instruct-q4". */
  engineId: string;
  options: RewriteOptions;
}

/** Case and spacing do not change a rewrite, so they do not change the key. */
function normalise(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function rewriteCacheKey(parts: RewriteCacheKeyParts): string {
  const payload = JSON.stringify([normalise(parts.query), parts.turns.map(normalise), parts.engineId, parts.options, parts.conversation ?? []]);
  return createHash('sha256').update(payload).digest('hex');
}

/** A rewrite as kept: the result, and what the Search stage reads of the lexical engine's run (searchVectorQuery, searchTerms). */
export interface CachedRewrite {
  result: RewriteResult;
  dependence?: number;
  /** The share of the added-term weight each keyword gets (searchTerms). */
  keywordShares?: number[];
}

/** Rewrites kept in the index's SQLite file for a time (default 1 h), so a repeated question costs nothing. */
export class RewriteCache {
  constructor(
    private readonly store: IndexStore,
    private readonly ttlMs = DEFAULT_REWRITE_TTL_MS,
  ) {}

  get(key: string, now = Date.now()): CachedRewrite | undefined {
    const row = this.store.db.prepare('SELECT result, created_at AS at FROM rewrite_cache WHERE key = ?').get(key) as
      | { result: string; at: number }
      | undefined;
    if (!row) return undefined;
    if (now - row.at > this.ttlMs) {
      this.store.db.prepare('DELETE FROM rewrite_cache WHERE key = ?').run(key);
      return undefined;
    }
    const kept = JSON.parse(row.result) as CachedRewrite | RewriteResult;
    // Rows written before the dependence was kept hold the result alone.
    return 'search_query' in kept ? { result: kept } : kept;
  }

  put(key: string, entry: CachedRewrite, now = Date.now()): void {
    this.store.db
      .prepare('INSERT INTO rewrite_cache(key, result, created_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET result = excluded.result, created_at = excluded.created_at')
      .run(key, JSON.stringify(entry), now);
  }

  /** Drops expired entries; returns how many. */
  purgeExpired(now = Date.now()): number {
    return this.store.db.prepare('DELETE FROM rewrite_cache WHERE created_at < ?').run(now - this.ttlMs).changes;
  }
}
