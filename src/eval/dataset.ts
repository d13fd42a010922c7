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

/**
 * Training takes one topic switch per 6 turns with history (a switch every seventh question, a
 * guess at how often a user changes the subject in one chat): at 1 in 3 the rewrite stood
 * switches better still but lost more on the datasets' own follow-ups (see issue 3's note).
 */
export const TRAINING_SWITCHES = { every: 6, offset: 0 } as const;
/** The evaluation's switches: after other turns than training's (odd positions), three times as many. */
export const EVALUATION_SWITCHES = { every: 2, offset: 1 } as const;

/** A made-up topic switch: another conversation's opening question asked after this one's history. */
export interface TopicSwitch extends ConversationRow {
  /** The id of the opening turn asked (its relevance judgements apply). */
  opening: string;
}

/**
 * Turns that change the subject: the opening question of another conversation asked after this
 * one's history, its own reference (it stands alone). The datasets' conversations stay on one
 * subject, so without these the models learn that every question in a chat leans on it, and a
 * user's new question gets the old subject's words. Chosen by position, not at random: the same
 * data gives the same examples.
 */
export function topicSwitches(rows: readonly ConversationRow[], spacing: { every: number; offset: number }): TopicSwitch[] {
  const openings = rows.filter((r) => r.history.length === 0);
  const hosts = rows.filter((r) => r.history.length > 0);
  const out: TopicSwitch[] = [];
  if (openings.length < 2) return out;
  for (let i = spacing.offset; i < hosts.length; i += spacing.every) {
    const host = hosts[i]!;
    let opening = openings[(i * 7 + 3) % openings.length]!;
    if (opening.conversation === host.conversation) opening = openings[(i * 7 + 4) % openings.length]!;
    out.push({ ...host, id: `${host.id}~${opening.id}`, opening: opening.id, query: opening.query, reference_rewrite: opening.query });
  }
  return out;
}
