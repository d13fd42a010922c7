import { detectLanguage } from '../rewrite/lexical/language.js';
import { editDistance } from '../rewrite/lexical/expand.js';
import type { IndexStore } from '../store/indexStore.js';
import { ftsString } from './queryTerms.js';

const TOKENIZER = 'porter unicode61 remove_diacritics 2';
/** The passages textsWith reads of a word: a few, the first the index finds. */
const SAMPLE_PASSAGES = 3;
/** Longer than this, a run of letters is no written form worth showing (a hash, a run-together line). */
const WRITTEN_MAX = 40;
/**
 * From this many passages on, nearestWord names only a word of two passages or more: a large
 * index's words of one passage are half its vocabulary (26,589 passages: 52,247 words, 21,960 in
 * two or more), mostly names, slips and runs of letters, and kept in memory for nothing.
 */
const NEAREST_LARGE_INDEX = 5000;
/** A word of this many letters or more may be two edits from the one it is a slip of ("configuraton"). */
const NEAREST_LONG_LETTERS = 10;

/**
 * Statistics of words in the index, as FTS5 sees them: each word is stemmed by FTS5's own
 * tokenizer (through a scratch FTS5 table in the temp schema), so the document counts match
 * what BM25 uses.
 */
export class TermStats {
  private static readonly byStore = new WeakMap<IndexStore, TermStats>();

  /** The store's statistics, shared by every caller so their stem and count caches are too. */
  static of(store: IndexStore): TermStats {
    let stats = TermStats.byStore.get(store);
    if (!stats) {
      stats = new TermStats(store);
      TermStats.byStore.set(store, stats);
    }
    return stats;
  }

  private readonly stemCache = new Map<string, string>();
  /** Document frequencies by stem, valid while the index is unchanged. */
  private readonly dfCache = new Map<string, number>();
  /** The index's words by their first letters (termsStartingWith), valid while the index is unchanged. */
  private readonly prefixCache = new Map<string, { term: string; doc: number }[]>();
  /** Index words as the passages write them (writtenAs), valid while the index is unchanged. */
  private readonly writtenCache = new Map<string, string>();
  /** sharedWith's shares, by term and word, valid while the index is unchanged. */
  private readonly sharedCache = new Map<string, number | undefined>();
  /** passagesWithBoth's counts, by word and phrase, valid while the index is unchanged. */
  private readonly bothCache = new Map<string, number>();
  /** writtenIn's answers, by language and word, valid while the index is unchanged. */
  private readonly languageCache = new Map<string, boolean>();
  /** The index's words of letters only in two passages or more, by length (nearestWord), valid while the index is unchanged. */
  private vocabulary: Map<number, { term: string; doc: number }[]> | undefined;
  private cachedAt: string | undefined;
  private docCount: number | undefined;

  constructor(private readonly store: IndexStore) {
    store.db.exec(`
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.docent_tok USING fts5(x, tokenize = '${TOKENIZER}');
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.docent_tok_terms USING fts5vocab(temp, docent_tok, 'instance');
    `);
  }

  /** FTS5's stem of each word (lower-cased, diacritics folded, porter-stemmed). */
  stems(words: readonly string[]): Map<string, string> {
    const missing = [...new Set(words.filter((w) => !this.stemCache.has(w)))];
    if (missing.length) {
      // One row per word, its number the word's place: FTS5 tokenises them all in one insert.
      this.store.prepared('DELETE FROM temp.docent_tok').run();
      this.store.prepared('INSERT INTO temp.docent_tok(rowid, x) SELECT key + 1, value FROM json_each(?)').run(JSON.stringify(missing));
      const rows = this.store.prepared('SELECT doc, term FROM temp.docent_tok_terms ORDER BY doc, offset').all() as { doc: number; term: string }[];
      const byDoc = new Map<number, string[]>();
      for (const r of rows) byDoc.set(r.doc, [...(byDoc.get(r.doc) ?? []), r.term]);
      missing.forEach((w, i) => this.stemCache.set(w, (byDoc.get(i + 1) ?? [w.toLowerCase()]).join(' ')));
    }
    return new Map(words.map((w) => [w, this.stemCache.get(w)!]));
  }

  /** Forgets counts when the index has changed since they were taken. */
  private fresh(): void {
    const version = this.store.changeVersion();
    if (version !== this.cachedAt) {
      this.dfCache.clear();
      this.prefixCache.clear();
      this.writtenCache.clear();
      this.sharedCache.clear();
      this.bothCache.clear();
      this.languageCache.clear();
      this.vocabulary = undefined;
      this.docCount = undefined;
      this.cachedAt = version;
    }
  }

  documents(): number {
    this.fresh();
    this.docCount ??= (this.store.prepared('SELECT COUNT(*) AS n FROM chunks').get() as { n: number }).n;
    return this.docCount;
  }

  /** In how many chunks each word occurs (by its stem). */
  documentFrequency(words: readonly string[]): Map<string, number> {
    this.fresh();
    const stems = this.stems(words);
    const q = this.store.prepared('SELECT doc FROM chunks_vocab WHERE term = ?');
    const dfOf = (stem: string): number => {
      let df = this.dfCache.get(stem);
      if (df === undefined) {
        df = (q.get(stem) as { doc: number } | undefined)?.doc ?? 0;
        this.dfCache.set(stem, df);
      }
      return df;
    };
    return new Map(words.map((w) => [w, dfOf(stems.get(w)!)]));
  }

  /**
   * An index word (an FTS5 stem: "logscal", "polynomi") as the passages write it: the commonest
   * written form of it in a few passages that hold it ("logscale", "polynomial"); the stem itself
   * where none does. For showing how a question was searched.
   */
  writtenAs(term: string): string {
    this.fresh();
    let shown = this.writtenCache.get(term);
    if (shown === undefined) {
      shown = term;
      const words = this.textsWith(term).flatMap((t) => t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.slice(0, 2) === term.slice(0, 2) && w.length <= WRITTEN_MAX);
      const stems = this.stems(words);
      const counts = new Map<string, number>();
      for (const w of words) if (stems.get(w) === term) counts.set(w, (counts.get(w) ?? 0) + 1);
      const best = [...counts].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || a[0].localeCompare(b[0]))[0];
      if (best) shown = best[0];
      this.writtenCache.set(term, shown);
    }
    return shown;
  }

  /**
   * Whether a passage that holds the word (one of the first few the index finds) reads as this
   * language by its function words: a form another language's table gives may be a word of the
   * index's own language too ("pass", "map"). Read once per word while the index is unchanged.
   */
  writtenIn(term: string, language: string): boolean {
    this.fresh();
    const key = `${language}\u0000${term}`;
    let written = this.languageCache.get(key);
    if (written === undefined) {
      written = this.textsWith(term).some((text) => detectLanguage(text, [], '') === language);
      this.languageCache.set(key, written);
    }
    return written;
  }

  /** A few passages' texts that hold a word (as the index stems it); read each time, not kept (passages are large). */
  textsWith(term: string): string[] {
    const read = (match: string): string[] => (this.store.prepared(`SELECT c.text FROM chunks_fts f JOIN chunks c ON c.id = f.rowid WHERE chunks_fts MATCH ? LIMIT ${SAMPLE_PASSAGES}`).all(match) as { text: string }[]).map((r) => r.text);
    const quoted = ftsString(term);
    // A stem the tokenizer stems once more when it is searched ("rebas", of "rebase", searched as "reba"), as the prefix it is.
    const texts = read(quoted);
    return texts.length ? texts : read(`${quoted}*`);
  }

  /**
   * The share of the passages that hold an index word (an FTS5 stem) that also hold `word` (as a
   * question writes it); undefined where the index has neither to count (a word of another language).
   */
  sharedWith(term: string, word: string): number | undefined {
    this.fresh();
    const key = `${term}\u0000${word}`;
    if (!this.sharedCache.has(key)) {
      const [n, df] = [this.matching(ftsString(term)), this.documentFrequency([word]).get(word)!];
      this.sharedCache.set(key, n && df ? this.matching(`${ftsString(term)} AND ${ftsString(word)}`) / n : undefined);
    }
    return this.sharedCache.get(key);
  }

  /** How many passages an FTS5 expression matches. */
  private matching(match: string): number {
    return (this.store.prepared('SELECT COUNT(*) AS n FROM chunks_fts WHERE chunks_fts MATCH ?').get(match) as { n: number }).n;
  }

  /** How many passages hold both a word and a phrase (each as the index stems it), read once while the index is unchanged. */
  passagesWithBoth(word: string, phrase: string): number {
    this.fresh();
    const key = `${word}\u0000${phrase}`;
    let n = this.bothCache.get(key);
    if (n === undefined) {
      n = this.matching(`${ftsString(word)} AND ${ftsString(phrase)}`);
      this.bothCache.set(key, n);
    }
    return n;
  }

  /** The index's words (FTS5 stems) that begin with `prefix` (lower case), with their document counts. */
  termsStartingWith(prefix: string): { term: string; doc: number }[] {
    this.fresh();
    let terms = this.prefixCache.get(prefix);
    if (!terms) {
      terms = this.store.prepared('SELECT term, doc FROM chunks_vocab WHERE term >= ? AND term < ? LIMIT 500').all(prefix, `${prefix}\uffff`) as { term: string; doc: number }[];
      this.prefixCache.set(prefix, terms);
    }
    return terms;
  }

  /**
   * The word of the index that a word it lacks is likeliest a slip of ("warrenty" → "warranty",
   * "lapply" → "apply"), as the passages write it: of the index's words (in two passages or more
   * in a large index, NEAREST_LARGE_INDEX) whose stem is one edit from the word's (two from a word of
   * NEAREST_LONG_LETTERS letters or more), the one in the most passages. Undefined for a word the
   * index has, one of fewer than four letters or with a figure in it, and where none is near. For
   * telling the user, never for searching: a name one letter from another is another name.
   */
  nearestWord(word: string): string | undefined {
    const low = word.toLowerCase();
    if (!/^\p{L}{4,}$/u.test(low) || (this.documentFrequency([low]).get(low) ?? 0) > 0) return undefined;
    const stem = this.stems([low]).get(low)!;
    const max = low.length >= NEAREST_LONG_LETTERS ? 2 : 1;
    const vocabulary = (this.vocabulary ??= this.readVocabulary());
    let best: { term: string; doc: number } | undefined;
    for (let length = stem.length - max; length <= stem.length + max; length++) {
      for (const v of vocabulary.get(length) ?? []) {
        if (best && v.doc <= best.doc) continue;
        if (editDistance(stem, v.term, max) <= max) best = v;
      }
    }
    return best ? this.writtenAs(best.term) : undefined;
  }

  private readVocabulary(): Map<number, { term: string; doc: number }[]> {
    const byLength = new Map<number, { term: string; doc: number }[]>();
    const least = this.documents() >= NEAREST_LARGE_INDEX ? 2 : 1;
    for (const v of this.store.prepared('SELECT term, doc FROM chunks_vocab WHERE doc >= ?').iterate(least) as IterableIterator<{ term: string; doc: number }>) {
      if (!/^\p{L}+$/u.test(v.term)) continue;
      const list = byLength.get(v.term.length);
      if (list) list.push(v);
      else byLength.set(v.term.length, [v]);
    }
    return byLength;
  }

  /** BM25's inverse document frequency, log(1 + (N − n + 0.5) / (n + 0.5)). */
  idf(words: readonly string[]): Map<string, number> {
    return this.idfOf(this.documentFrequency(words));
  }

  /** idf() from document frequencies already taken. */
  idfOf(df: ReadonlyMap<string, number>): Map<string, number> {
    const n = this.documents();
    return new Map([...df].map(([w, d]) => [w, Math.log(1 + (n - d + 0.5) / (d + 0.5))]));
  }
}
