import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Embedder } from '../pipeline/models/embedder.js';
import { forgetAgreements } from '../pipeline/search/hybridSearch.js';
import { IndexStore } from '../pipeline/store/indexStore.js';
import { readCorpus, type Dataset } from './dataset.js';

const PREFIX = 'passage:';
const BATCH = 64;

export interface CorpusIndex {
  store: IndexStore;
  passageOfChunk(chunkId: number): string | undefined;
}

/**
 * The dataset's passages in a Docent index (one passage, one chunk), with vectors, cached on
 * disk: the first run indexes and embeds, later runs reuse it. The cache key covers the corpus
 * file, the embedder and the schema, so a change to any of them builds a fresh one.
 */
export async function openCorpusIndex(
  dataset: Dataset,
  cacheDir: string,
  embedder: Embedder,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<CorpusIndex> {
  const st = statSync(dataset.corpusPath!);
  const key = createHash('sha1').update(`${dataset.corpusPath}:${st.size}:${st.mtimeMs}:${embedder.id}:v1`).digest('hex').slice(0, 12);
  mkdirSync(cacheDir, { recursive: true });
  const path = join(cacheDir, `${dataset.name.replace(/[^\w.-]+/g, '_')}-${key}.sqlite`);
  let store = IndexStore.open(path);
  if (store.getMeta('eval_complete') !== '1') {
    store.close();
    for (const s of ['', '-wal', '-shm']) rmSync(path + s, { force: true });
    store = IndexStore.open(path);
    await build(store, dataset, embedder, onProgress);
  }
  // Each run judges the encoder from its own searches, whatever an earlier run left in the index.
  forgetAgreements(store);
  const byChunk = new Map<number, string>();
  for (const r of store.db.prepare('SELECT c.id, f.path FROM chunks c JOIN files f ON f.id = c.file_id').all() as { id: number; path: string }[]) {
    byChunk.set(r.id, r.path.slice(PREFIX.length));
  }
  return { store, passageOfChunk: (id) => byChunk.get(id) };
}

async function build(store: IndexStore, dataset: Dataset, embedder: Embedder, onProgress: (d: number, t: number) => void): Promise<void> {
  const passages = readCorpus(dataset.corpusPath!);
  const root = store.addRoot(`dataset:${dataset.name}`);
  const batch = store.batch(1000, 2000);
  for (const p of passages) {
    const text = p.text ?? '';
    store.replaceFile(
      { rootId: root.id, path: PREFIX + p._id, type: 'text', size: text.length, mtimeMs: 0, hash: null, status: 'indexed', reason: null, title: p.title || null },
      [{ ordinal: 0, page: null, charStart: 0, charEnd: text.length, heading: p.title ?? '', text, textHash: createHash('sha1').update(text).digest('hex') }],
    );
    batch.fileDone();
  }
  batch.end();
  store.bindEmbedder({ id: embedder.id, dimension: embedder.dimension });
  const total = store.pendingChunkCount();
  let done = 0;
  for (;;) {
    const chunks = store.pendingChunks(BATCH * Math.max(1, embedder.parallelism ?? 1));
    if (chunks.length === 0) break;
    // As FINDINGS measured: title and text embedded together.
    const vectors = await embedder.embed(chunks.map((c) => (c.heading && !c.text.startsWith(c.heading) ? `${c.heading}. ${c.text}` : c.text)));
    store.storeVectors(chunks.map((c, i) => ({ chunkId: c.id, vector: vectors[i] ?? null })));
    done += chunks.length;
    onProgress(done, total);
  }
  store.setMeta('eval_complete', '1');
}

/**
 * For a dataset without a corpus (QReCC): the assistant replies of all its conversations as a
 * text-only index, so that word statistics (IDF, "is the word in the index") exist as they do
 * for a user's own files. Cached like the corpus indexes.
 */
export function openConversationCorpus(dataset: Dataset, cacheDir: string): IndexStore {
  const texts = [...new Set(dataset.rows.flatMap((r) => r.history.filter((h) => h.role === 'assistant').map((h) => h.text.trim())).filter(Boolean))];
  const key = createHash('sha1').update(`${texts.length}:${texts.join('\n')}:replies-v1`).digest('hex').slice(0, 12);
  mkdirSync(cacheDir, { recursive: true });
  const path = join(cacheDir, `${dataset.name.replace(/[^\w.-]+/g, '_')}-replies-${key}.sqlite`);
  let store = IndexStore.open(path);
  if (store.getMeta('eval_complete') === '1') return store;
  store.close();
  for (const s of ['', '-wal', '-shm']) rmSync(path + s, { force: true });
  store = IndexStore.open(path);
  const root = store.addRoot(`dataset:${dataset.name}:replies`);
  const batch = store.batch(1000, 2000);
  texts.forEach((text, i) => {
    store.replaceFile(
      { rootId: root.id, path: `reply:${i}`, type: 'text', size: text.length, mtimeMs: 0, hash: null, status: 'indexed', reason: null, title: null },
      [{ ordinal: 0, page: null, charStart: 0, charEnd: text.length, heading: '', text, textHash: createHash('sha1').update(text).digest('hex') }],
    );
    batch.fileDone();
  });
  batch.end();
  store.setMeta('eval_complete', '1');
  return store;
}
