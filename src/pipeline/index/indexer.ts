import { createHash } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { readFileSync, statSync, realpathSync } from 'node:fs';
import { basename } from 'node:path';
import { DocentError } from '../../shared/errors.js';
import type { Embedder } from '../models/embedder.js';
import type { FileRecord, FileRow, IndexStore, NewChunk, PendingChunk, RootRow } from '../store/indexStore.js';
import { chunkDocument, DEFAULT_CHUNK_OPTIONS, type ChunkOptions } from './chunker.js';
import { crawl, fsReason, type CrawledFile } from './crawler.js';
import { docTypeOf, extensionOf, fileTypeLabel } from './extractors/extract.js';
import { sharedExtractorHost, type ExtractorHost } from './extractors/extractorHost.js';
import { ExtractionError } from './extractors/types.js';
import { withoutPipes } from './pipeTable.js';

export const DEFAULT_MAX_FILE_BYTES = 100 * 1024 * 1024;

/**
 * Bump when extraction or chunking changes: every file is read again on the next run (vectors of
 * passages whose text did not change are kept), and files that failed or were skipped get
 * another try. 2: PDF running headers and footers dropped, split words joined, fragments joined.
 * 3: a PDF's outline gives its passages their section titles, and passages end where sections do.
 * 4: an identifier a PDF broke after its underscore at a line end is joined ("R_" + "LIBS_USER").
 * 5: tables written as pipe tables, a line per row (pipeTable.ts): an HTML page's with a header row,
 * and a Word document's, which is read through mammoth's HTML instead of its raw text.
 * 6: an HTML navigation bar's cells (a table of short cells, half of them links) a line each.
 * 7: a PDF's edge line that closes with its page's printed number is a running header or footer
 * however few pages it recurs on (a short chapter's "Chapter 4: Ordered and unordered factors 18").
 * 8: a PDF's text items are joined by where they stand: no space between two that touch (a font's
 * change: "‘install.packages(pkgname)’", not "‘ install.packages( pkgname ) ’").
 * 9: a PDF's raised digit is left out where it marks a footnote of its page, and is written as an
 * exponent otherwise ("here statef, as if", "2^31"; not "here statef 2 , as if", "2 31").
 * 10: a web address a PDF's line end broke is joined ("https://www." + "gnu.org/…"), and a C1 control
 * character (a glyph a PDF maps there: gnuplot's bullets) is no text.
 * 11: a line after an address that ends a sentence or a bracket stays a line of its own ("…/Licenses/"
 * then "1.2 Obtaining this document", once run together); an address's next line is read by its
 * first word however many items set it ("rw-FAQ." + "html" + ")").
 * 12: a PDF's footnote (a line at the page's foot, in a smaller type, opening with its number) is a
 * paragraph of its own, not the end of the page's last sentence ("….pkg. 4 for a small number …").
 * 13: a full stop after an address's last slash ends its sentence ("…/Mac%20OS%20X/." then "Tcl/Tk
 * extension …", once run together), and a footnote's number set apart from its text by a gap alone
 * opens its paragraph as one followed by a space item does.
 * 14: an HTML table of one column whose cells stack their columns as paragraphs (PostgreSQL's
 * catalog and function tables) is read as the grid it lays out, a line per row.
 * 15: an HTML definition list's terms and definitions are lines of their own (a book index's entries
 * and a page's table of contents ran together: "20.4.1. Memory20.4.2. Disk…").
 * 16: an HTML page's menus, navigation bars, sidebars and breadcrumbs (by their class, where links make
 * most of their words) are no text.
 * 17: an HTML blockquote is a block without "> " before each line (its tables read as tables).
 * 18: an HTML list that says where things are (a table of contents, a site's index or
 * cross-reference: links to the same site make most of its words, or show their addresses) is no text.
 * 19: so is a block of such links with at most a label (a table of contents as blocks, under "Table of Contents").
 * 20: and a table of contents written as paragraphs, a link each (as Word writes one), with its label.
 * 21: a Markdown file's text without its inline marks: emphasis, code spans' backticks, links' and
 * images' addresses, a quote's "> " (markdownText.ts).
 * 22: an HTML table or definition list of fields (a label and its value a row, no header) a line per
 * field, "Label: value" (htmlTables.ts fieldRows, definitionFields).
 * 23: an HTML heading's permalink mark ("Module Contents¶": a link within the page without a letter
 * or a digit) and what a page marks as navigation (role="navigation", as Sphinx marks its bars) are no text.
 */
export const EXTRACTOR_VERSION = 23;

export interface IndexerOptions {
  maxFileBytes?: number;
  /** Reads a file's text (default: the process's ExtractorHost, a worker with memory and time limits). */
  extractor?: Pick<ExtractorHost, 'extract'>;
  extraIgnore?: readonly string[];
  chunking?: ChunkOptions;
}

export type FileOutcome = 'added' | 'updated' | 'unchanged' | 'moved' | 'skipped' | 'failed' | 'removed';

export type IndexEvent =
  | { kind: 'scan-done'; root: string; files: number; toRead: number }
  /** A file is about to be read (progress names it while a long one is read). */
  | { kind: 'reading'; root: string; path: string }
  | { kind: 'file'; root: string; path: string; outcome: FileOutcome; chunks: number; reason?: string }
  | { kind: 'embed-progress'; done: number; total: number }
  | { kind: 'warning'; path: string; reason: string };

export interface RootSummary {
  root: string;
  seen: number;
  added: number;
  updated: number;
  unchanged: number;
  moved: number;
  removed: number;
  skipped: number;
  failed: number;
  chunks: number;
  unreadableDirs: Array<{ path: string; reason: string }>;
  /** The folder was forgotten while it was being indexed: its work stopped. */
  cancelled?: boolean;
}

export interface EmbedSummary {
  embedded: number;
  reused: number;
  failed: number;
}

const EMBED_BATCH = 16;

/**
 * Brings the index in line with the folders on disk.
 *
 * Phase one (indexRoot) reads text and writes chunks and FTS rows: keyword search works as soon
 * as it ends. Phase two (embedPending) makes vectors for chunks that have none yet, batch by
 * batch, so an interrupted run resumes where it stopped.
 */
export class Indexer {
  private readonly maxFileBytes: number;
  private readonly extraIgnore: readonly string[];
  private readonly chunking: ChunkOptions;
  private readonly extractor: Pick<ExtractorHost, 'extract'>;
  /** Set for a root whose files were read by an older extractor: an unchanged hash does not spare a file. */
  private rereading = false;

  constructor(
    private readonly store: IndexStore,
    options: IndexerOptions = {},
    private readonly onEvent: (e: IndexEvent) => void = () => undefined,
  ) {
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    this.extraIgnore = options.extraIgnore ?? [];
    this.chunking = options.chunking ?? DEFAULT_CHUNK_OPTIONS;
    this.extractor = options.extractor ?? sharedExtractorHost();
  }

  /** Resolves a folder argument to the real, absolute path stored as a root. */
  static resolveRoot(folder: string): string {
    let real: string;
    try {
      real = realpathSync(folder);
    } catch (err) {
      throw new DocentError(`cannot index ${folder}: ${fsReason(err)}`, 'Check the path and try again.');
    }
    if (!statSync(real).isDirectory()) {
      throw new DocentError(`cannot index ${folder}: it is a file, not a folder`, 'Pass the folder that holds it.');
    }
    return real;
  }

  async indexRoot(folder: string): Promise<RootSummary> {
    const rootPath = Indexer.resolveRoot(folder);
    const root = this.store.addRoot(rootPath);
    const { files, unreadableDirs, passedOver } = crawl(rootPath, { maxFileBytes: this.maxFileBytes, extraIgnore: this.extraIgnore });
    for (const d of unreadableDirs) this.onEvent({ kind: 'warning', path: d.path, reason: d.reason });
    const summary: RootSummary = {
      root: rootPath, seen: files.length, added: 0, updated: 0, unchanged: 0, moved: 0, removed: 0, skipped: 0,
      failed: 0, chunks: 0, unreadableDirs,
    };

    const known = new Map<string, FileRow>(this.store.filesOfRoot(root.id).map((f) => [f.path, f]));
    // After an upgrade that reads files differently, every file is read again.
    const retryProblems = this.store.getMeta(`extractor_version:${root.id}`) !== String(EXTRACTOR_VERSION);
    this.rereading = retryProblems && known.size > 0;
    const seen = new Set<string>();
    const fresh: CrawledFile[] = [];
    const changed: Array<{ file: CrawledFile; row: FileRow }> = [];
    for (const f of files) {
      seen.add(f.path);
      const row = known.get(f.path);
      if (!row) fresh.push(f);
      else if (row.size !== f.size || row.mtime_ms !== f.mtimeMs || retryProblems) {
        changed.push({ file: f, row });
      }
      else summary.unchanged++;
    }
    // Links, FIFOs, sockets and devices: a line each in status, never read.
    const passed: Array<{ path: string; reason: string }> = [];
    for (const p of passedOver) {
      seen.add(p.path);
      const row = known.get(p.path);
      if (row?.status !== 'skipped' || row.reason !== p.reason) passed.push(p);
    }
    // Files under an unreadable folder were not seen but may still exist: keep them as they are.
    const gone = [...known.values()].filter(
      (r) => !seen.has(r.path) && !unreadableDirs.some((d) => r.path.startsWith(d.path + '/')),
    );
    this.onEvent({ kind: 'scan-done', root: rootPath, files: files.length, toRead: fresh.length + changed.length });

    // Candidates for a move: files that vanished, by content hash.
    const goneByHash = new Map<string, FileRow[]>();
    for (const r of gone) {
      if (!r.hash) continue;
      const list = goneByHash.get(r.hash) ?? [];
      list.push(r);
      goneByHash.set(r.hash, list);
    }
    const movedAway = new Set<number>();

    for (const p of passed) {
      this.store.replaceFile({ rootId: root.id, path: p.path, type: fileTypeLabel(p.path), size: 0, mtimeMs: 0, hash: null, status: 'skipped', reason: p.reason }, []);
      summary.skipped++;
      this.onEvent({ kind: 'file', root: rootPath, path: p.path, outcome: 'skipped', chunks: 0, reason: p.reason });
    }
    const batch = this.store.batch();
    // The folder may be forgotten (docent forget, the app) while it is being indexed: its work stops there.
    const forgotten = (): boolean => {
      if (this.store.hasRoot(root.id)) return false;
      summary.cancelled = true;
      return true;
    };
    try {
      for (const { file, row } of changed) {
        batch.beforeRead(file.size);
        if (forgotten()) break;
        const outcome = await this.unlessForgotten(root.id, () => this.indexFile(root, file, row));
        if (outcome === undefined) {
          summary.cancelled = true;
          break;
        }
        this.count(summary, outcome === 'added' ? 'updated' : outcome);
        batch.fileDone();
      }
      for (const file of summary.cancelled ? [] : fresh) {
        batch.beforeRead(file.size);
        if (forgotten()) break;
        const outcome = await this.unlessForgotten(root.id, () => this.indexFile(root, file, undefined, goneByHash, movedAway));
        if (outcome === undefined) {
          summary.cancelled = true;
          break;
        }
        this.count(summary, outcome);
        batch.fileDone();
      }
      for (const r of summary.cancelled ? [] : gone) {
        if (movedAway.has(r.id)) continue;
        this.store.deleteFile(r.id);
        summary.removed++;
        this.onEvent({ kind: 'file', root: rootPath, path: r.path, outcome: 'removed', chunks: 0 });
      }
    } finally {
      batch.end();
      this.rereading = false;
    }
    if (retryProblems) this.store.setMeta(`extractor_version:${root.id}`, String(EXTRACTOR_VERSION));
    summary.chunks = this.store.counts().chunks;
    return summary;
  }

  /**
   * Re-checks single paths (from the watcher): new, changed or deleted files under a known root.
   * Paths outside every root are ignored.
   */
  async syncPaths(paths: readonly string[]): Promise<FileOutcome[]> {
    const roots = this.store.roots();
    const outcomes: FileOutcome[] = [];
    // Each root is crawled at most once per batch, however many of its files changed.
    const crawled = new Map<string, { files: Set<string>; passedOver: Map<string, string> }>();
    const crawledOf = (rootPath: string): { files: Set<string>; passedOver: Map<string, string> } => {
      let seen = crawled.get(rootPath);
      if (!seen) {
        const { files, passedOver } = crawl(rootPath, { maxFileBytes: this.maxFileBytes, extraIgnore: this.extraIgnore });
        seen = { files: new Set(files.map((f) => f.path)), passedOver: new Map(passedOver.map((p) => [p.path, p.reason])) };
        crawled.set(rootPath, seen);
      }
      return seen;
    };
    // A path ending in '/' is a folder that went away: re-check every file indexed under it.
    const expanded = paths.flatMap((p) =>
      p.endsWith('/')
        ? (this.store.db.prepare("SELECT path FROM files WHERE substr(path, 1, ?) = ?").all(p.length, p) as { path: string }[]).map((r) => r.path)
        : [p],
    );
    for (const path of expanded) {
      const root = roots.find((r) => path.startsWith(r.path + '/'));
      if (!root) continue;
      const row = this.store.fileByPath(path);
      let st;
      try {
        // lstat: a file swapped for a link is a link now, whatever it points to.
        st = await lstat(path);
      } catch {
        if (row) {
          this.store.deleteFile(row.id);
          outcomes.push('removed');
          this.onEvent({ kind: 'file', root: root.path, path, outcome: 'removed', chunks: 0 });
        }
        continue;
      }
      if (!st.isFile()) {
        // A link, a FIFO, a device where a file was: a status line with why, and none of its old text.
        const reason = crawledOf(root.path).passedOver.get(path);
        if (reason && (row?.status !== 'skipped' || row.reason !== reason)) {
          this.store.replaceFile({ rootId: root.id, path, type: fileTypeLabel(path), size: 0, mtimeMs: 0, hash: null, status: 'skipped', reason }, []);
          outcomes.push('skipped');
          this.onEvent({ kind: 'file', root: root.path, path, outcome: 'skipped', chunks: 0, reason });
        }
        continue;
      }
      const file = { path, size: st.size, mtimeMs: Math.trunc(st.mtimeMs) };
      if (row && row.size === file.size && row.mtime_ms === file.mtimeMs) {
        outcomes.push('unchanged');
        continue;
      }
      // The crawler's rules decide what is indexed: a single path must pass them too.
      if (!crawledOf(root.path).files.has(path)) continue;
      outcomes.push(await this.indexFile(root, file, row));
    }
    return outcomes;
  }

  /** The work's result, or undefined when its folder was forgotten meanwhile (its rows could not be written). */
  private async unlessForgotten<T>(rootId: number, work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY' && !this.store.hasRoot(rootId)) return undefined;
      throw err;
    }
  }

  private count(summary: RootSummary, outcome: FileOutcome): void {
    if (outcome === 'removed') summary.removed++;
    else summary[outcome]++;
  }

  private async indexFile(
    root: RootRow,
    file: CrawledFile,
    existing: FileRow | undefined,
    goneByHash?: Map<string, FileRow[]>,
    movedAway?: Set<number>,
  ): Promise<FileOutcome> {
    const emit = (outcome: FileOutcome, chunks = 0, reason?: string): FileOutcome => {
      this.onEvent({ kind: 'file', root: root.path, path: file.path, outcome, chunks, reason });
      return outcome;
    };
    const record = (status: FileRecord['status'], reason: string | null, hash: string | null = null): FileRecord => ({
      rootId: root.id, path: file.path, type: fileTypeLabel(file.path), size: file.size, mtimeMs: file.mtimeMs, hash,
      status, reason,
    });
    const skip = (status: 'skipped' | 'failed', reason: string, hash: string | null = null): FileOutcome => {
      // A file that fails keeps no chunks: stale text from an earlier version would mislead.
      this.store.replaceFile(record(status, reason, hash), []);
      return emit(status, 0, reason);
    };

    this.onEvent({ kind: 'reading', root: root.path, path: file.path });
    const type = docTypeOf(file.path);
    if (!type) {
      const ext = extensionOf(file.path);
      return skip('skipped', ext ? `unsupported file type .${ext}` : 'unsupported file type (no extension)');
    }
    if (file.size > this.maxFileBytes) {
      return skip('skipped', `larger than the size limit (${mb(file.size)} > ${mb(this.maxFileBytes)}); raise it with --max-size`);
    }
    if (file.size === 0) return skip('skipped', 'empty file (0 bytes)');

    let buf: Buffer;
    try {
      // Synchronous: indexing runs off the UI thread, and small reads are far cheaper this way.
      buf = readFileSync(file.path);
    } catch (err) {
      // Deleted since the folder was listed: it is simply gone (the watcher or the next run would say the same).
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        if (existing) this.store.deleteFile(existing.id);
        return emit('removed');
      }
      return skip('failed', `cannot read the file: ${fsReason(err)}`);
    }
    if (changedSince(file)) {
      // Torn read: index it next time, when it has settled. mtime 0 makes the next run retry.
      this.store.replaceFile({ ...record('failed', 'the file changed while Docent was reading it; it will be read again on the next run'), mtimeMs: 0 }, []);
      return emit('failed', 0, 'the file changed while Docent was reading it');
    }
    const hash = createHash('sha256').update(buf).digest('hex');

    if (existing && existing.hash === hash && existing.status === 'indexed' && !this.rereading) {
      this.store.touchFile(existing.id, file.size, file.mtimeMs);
      return emit('unchanged');
    }
    if (!existing && goneByHash && movedAway) {
      const candidates = goneByHash.get(hash)?.filter((r) => !movedAway.has(r.id) && r.size === file.size);
      const from = candidates?.[0];
      if (from) {
        movedAway.add(from.id);
        this.store.moveFile(from.id, { rootId: root.id, path: file.path, size: file.size, mtimeMs: file.mtimeMs });
        return emit('moved');
      }
    }

    try {
      const doc = await this.extractor.extract(buf, type);
      const name = basename(file.path);
      const chunks = chunkDocument(doc, this.chunking);
      const newChunks: NewChunk[] = chunks.map((c) => {
        const heading = [name, doc.title, c.section].filter((s): s is string => !!s && s.length > 0).join(' — ');
        return {
          ordinal: c.ordinal, page: c.page, charStart: c.charStart, charEnd: c.charEnd, heading, text: c.text,
          textHash: createHash('sha256').update(c.text).digest('hex').slice(0, 32),
          ...(c.keywordsOnly ? { keywordsOnly: true } : {}),
        };
      });
      const pages = doc.pages.some((p) => p.page !== null) ? doc.pages.length : null;
      this.store.replaceFile({ ...record('indexed', null, hash), title: doc.title, pages }, newChunks);
      return emit(existing ? 'updated' : 'added', newChunks.length);
    } catch (err) {
      if (err instanceof ExtractionError) return skip(err.status, err.reason, hash);
      // The index itself failed (a full disk, a lock): not this file's fault. The run stops, and
      // what was written before stays; the next run picks up from there.
      if (String((err as { code?: unknown }).code ?? '').startsWith('SQLITE_')) throw err;
      return skip('failed', `unexpected error while reading: ${(err as Error).message ?? String(err)}`, hash);
    }
  }

  /**
   * Phase two: vectors for every chunk that lacks one. A text already embedded elsewhere in the
   * index (a copied file, a repeated paragraph) reuses that vector instead of being embedded again.
   */
  async embedPending(embedder: Embedder, signal?: AbortSignal): Promise<EmbedSummary> {
    this.store.bindEmbedder({ id: embedder.id, dimension: embedder.dimension });
    let total = this.store.pendingChunkCount();
    const summary: EmbedSummary = { embedded: 0, reused: 0, failed: 0 };
    let done = 0;
    const batchSize = EMBED_BATCH * Math.max(1, embedder.parallelism ?? 1);
    this.onEvent({ kind: 'embed-progress', done, total });
    const next = this.embedOrder();
    while (!signal?.aborted) {
      const batch = next(batchSize);
      if (batch.length === 0) break;
      // Files added while the pass runs join it: the count grows with them.
      total = Math.max(total, done + this.store.pendingChunkCount());
      const items: Array<{ chunkId: number; vector: Float32Array | null }> = [];
      const toEmbed: typeof batch = [];
      // A passage's vector is reused where the encoder would read the very same: the same text under a heading read alike.
      const seenInBatch = new Map<string, number>();
      const reading = (c: { heading: string; textHash: string }): string => `${embeddingContext(c.heading)}\n${c.textHash}`;
      for (const c of batch) {
        const context = embeddingContext(c.heading);
        const reused = this.store.vectorForTextHash(c.textHash, (heading) => embeddingContext(heading) === context);
        if (reused) {
          items.push({ chunkId: c.id, vector: reused });
          summary.reused++;
        } else if (seenInBatch.has(reading(c))) {
          items.push({ chunkId: c.id, vector: null }); // filled below from its twin
        } else {
          seenInBatch.set(reading(c), toEmbed.length);
          toEmbed.push(c);
        }
      }
      const vectors = await this.embedBatch(embedder, toEmbed.map((c) => embeddingText(c.heading, c.text)));
      toEmbed.forEach((c, i) => {
        items.push({ chunkId: c.id, vector: vectors[i] ?? null });
        if (vectors[i]) summary.embedded++;
        else summary.failed++;
      });
      for (const item of items) {
        if (item.vector) continue;
        const c = batch.find((b) => b.id === item.chunkId)!;
        const twin = seenInBatch.get(reading(c));
        if (twin !== undefined && toEmbed[twin]!.id !== c.id && vectors[twin]) {
          item.vector = vectors[twin]!;
          summary.reused++;
        }
      }
      this.store.storeVectors(items);
      done += batch.length;
      this.onEvent({ kind: 'embed-progress', done, total });
    }
    return summary;
  }

  /**
   * The order of the vector pass, as batches of passages: first the files searches found while
   * their passages lacked vectors (the user is looking there now), then the most recently changed
   * files, each file's passages in order. A batch fills across files, so the encoder's workers
   * stay busy on folders of small files. Files added meanwhile are taken once the list is done.
   */
  private embedOrder(): (limit: number) => PendingChunk[] {
    let files: number[] = [];
    return (limit) => {
      const out: PendingChunk[] = [];
      const searched = this.store.takeSearched();
      let listed = false;
      // A file's passages are taken once per batch (they are still waiting until the batch is stored).
      const taken = new Set<number>();
      while (out.length < limit) {
        const fileId = searched.shift() ?? files.shift();
        if (fileId === undefined) {
          // The list is done (or not made yet): list the files still waiting, once per batch.
          if (listed) break;
          files = this.store.pendingFiles();
          listed = true;
          continue;
        }
        if (taken.has(fileId)) continue;
        taken.add(fileId);
        const rows = this.store.pendingChunksOf(fileId, limit - out.length);
        out.push(...rows);
        // A file with more passages than fitted stays first in line.
        if (out.length >= limit && rows.length) files.unshift(fileId);
      }
      return out;
    };
  }

  /** Embeds a batch; if the batch fails, each text alone, so one bad text costs only itself. */
  private async embedBatch(embedder: Embedder, texts: string[]): Promise<Array<Float32Array | null>> {
    if (texts.length === 0) return [];
    try {
      // The vector pass gives way to searches: each of their texts goes first in the workers.
      return await embedder.embed(texts, { background: true });
    } catch (err) {
      if (err instanceof DocentError && /worker stopped/.test(err.message)) throw err;
      const out: Array<Float32Array | null> = [];
      let lastError: unknown = err;
      for (const t of texts) {
        try {
          out.push((await embedder.embed([t], { background: true }))[0] ?? null);
        } catch (e) {
          lastError = e;
          out.push(null);
        }
      }
      // Every text failing means the embedder is broken, not the texts: stop, and keep the
      // chunks waiting so a later run can embed them.
      if (out.every((v) => v === null)) {
        throw new DocentError(
          `the embedder "${embedder.id}" failed: ${(lastError as Error)?.message ?? String(lastError)}`,
          'Keyword search still works. Run `docent index` again to retry the vectors.',
        );
      }
      return out;
    }
  }
}

/** What the encoder sees for a chunk: its document title or section for context, then the text (its tables without their pipes). */
export function embeddingText(heading: string, text: string): string {
  const context = embeddingContext(heading);
  return context ? `${context}. ${withoutPipes(text)}` : withoutPipes(text);
}

/** The part of a chunk's heading the encoder reads: its document title or section, not the file's name. */
function embeddingContext(heading: string): string {
  return heading.split(' — ').slice(1).join(' — ');
}

function changedSince(file: CrawledFile): boolean {
  try {
    const st = statSync(file.path);
    return st.size !== file.size || Math.trunc(st.mtimeMs) !== file.mtimeMs;
  } catch {
    return true;
  }
}

function mb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}
