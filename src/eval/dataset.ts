import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { DocentError } from '../shared/errors.js';

export interface Turn {
  role: 'user' | 'assistant';
  text: string;
}

export interface ConversationRow {
  id: string;
  conversation: string;
  turn: number;
  history: Turn[];
  query: string;
  reference_rewrite: string;
}

export interface Passage {
  _id: string;
  title: string;
  text: string;
}

export interface Dataset {
  name: string;
  dir: string;
  rows: ConversationRow[];
  /** Present for retrieval datasets (MTRAG); absent for rewrite-only ones (QReCC). */
  corpusPath?: string;
  qrels?: Map<string, Map<string, number>>;
}

function readJsonl<T>(path: string): T[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      try {
        return JSON.parse(l) as T;
      } catch {
        throw new DocentError(`${path} line ${i + 1} is not valid JSON`);
      }
    });
}

/** Loads a dataset folder in the format of shared/README.md. */
export function loadDataset(dir: string): Dataset {
  const abs = resolve(dir);
  const convPath = join(abs, 'conversations.jsonl');
  if (!existsSync(convPath)) {
    throw new DocentError(`${abs} has no conversations.jsonl`, 'Point --data at a dataset folder (see shared/README.md).');
  }
  const rows = readJsonl<ConversationRow>(convPath);
  const name = [basename(join(abs, '..')), basename(abs)].join('/');
  const corpusPath = join(abs, 'corpus.jsonl');
  const qrelsPath = join(abs, 'qrels.tsv');
  if (!existsSync(corpusPath) || !existsSync(qrelsPath)) return { name, dir: abs, rows };
  const qrels = new Map<string, Map<string, number>>();
  for (const line of readFileSync(qrelsPath, 'utf8').split('\n').slice(1)) {
    const [q, doc, score] = line.split('\t');
    if (!q || !doc) continue;
    if (!qrels.has(q)) qrels.set(q, new Map());
    qrels.get(q)!.set(doc, Number(score));
  }
  return { name, dir: abs, rows, corpusPath, qrels };
}

export function readCorpus(path: string): Passage[] {
  return readJsonl<Passage>(path);
}
