import { defaultDbPath, modelsDir } from '../pipeline/config.js';
import { createEmbedder } from '../pipeline/models/createEmbedder.js';
import type { Embedder } from '../pipeline/models/embedder.js';
import { chooseEmbedderSpec } from '../pipeline/models/embedderSpec.js';
import { IndexStore } from '../pipeline/store/indexStore.js';
import { DocentError } from '../shared/errors.js';

export interface GlobalOptions {
  db?: string;
}

export function dbPathOf(opts: GlobalOptions): string {
  return opts.db ?? defaultDbPath();
}

/** Opens (creating if needed) the index named by --db, or the default one. */
export function openStore(opts: GlobalOptions): IndexStore {
  return IndexStore.open(dbPathOf(opts));
}

export function parsePositiveInt(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new DocentError(`${name} must be a positive whole number, not "${value}"`);
  return n;
}

export function parseMegabytes(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new DocentError(`--max-size must be a size in MB greater than 0, not "${value}"`);
  return Math.round(n * 1024 * 1024);
}

export function parseSimilarity(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < -1 || n > 1) throw new DocentError(`--threshold must be a cosine similarity between -1 and 1, not "${value}"`);
  return n;
}

/**
 * The index's embedder for searching by meaning, when the index has vectors; when it cannot be
 * loaded, none, and a note that search is by keywords only.
 */
export async function queryEmbedder(store: IndexStore): Promise<{ embedder?: Embedder; note?: string }> {
  if (store.vectorStates().done === 0) return {};
  try {
    return { embedder: await createEmbedder(chooseEmbedderSpec(store, undefined, modelsDir())) };
  } catch (err) {
    return { note: `keyword search only: ${(err as Error).message}` };
  }
}

export { modelsDir };
