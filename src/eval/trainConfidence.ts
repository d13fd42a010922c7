/**
 * `npm run train:confidence [-- --out FILE] [--l2 N] [--miss SHARE]`
 *
 * Trains the Confidence stage's model (src/pipeline/answer/confidence.ts) on the real-documents
 * set (src/eval/docs/docsSet.json): each standalone answerable question asked of the whole corpus
 * (label 1) against the same question asked of the corpus without its manual (label 0: its words
 * are there, its answer is not), and against the same question with its rarest word swapped for
 * another manual's question's (label 0: a subject the index has, asked what it does not say); and,
 * so that it also holds for a small folder (where a word of the question is missing by chance as
 * often as by topic), each question on an HTML page asked of a folder of that page and
 * SMALL_FOLDER others (label 1), of the others alone (label 0), and with its subject swapped, of
 * the folder with its page (label 0). The
 * set's unanswerable questions are kept out of training and reported as the test, in both. The
 * threshold lets at most --miss of the answerable questions fall to "not found" in each way the app
 * asks them: by keywords and, as the app does by default, with vectors (the index's vectors are
 * made first where missing), the conversations' follow-ups both ways, and the small folders. Writes
 * src/pipeline/answer/confidenceWeights.json.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ask } from '../pipeline/answer/ask.js';
import { CONFIDENCE_FEATURES } from '../pipeline/answer/confidence.js';
import { Indexer } from '../pipeline/index/indexer.js';
import { predict } from '../pipeline/rewrite/lexical/logisticModel.js';
import { IndexStore } from '../pipeline/store/indexStore.js';
import { TermStats } from '../pipeline/search/termStats.js';
import { forgetAgreements } from '../pipeline/search/hybridSearch.js';
import { queryTerms } from '../pipeline/search/queryTerms.js';
import { createEmbedder } from '../pipeline/models/createEmbedder.js';
import type { Embedder } from '../pipeline/models/embedder.js';
import { chooseEmbedderSpec } from '../pipeline/models/embedderSpec.js';
import { modelsDir } from '../pipeline/config.js';
import { assembleCorpus, loadDocsSet, type AnswerableItem } from './docs/docsSet.js';
import { indexCorpus } from './docsEval.js';
import { fitLogistic } from './logistic.js';
import { auroc } from './metrics.js';
import { eachSmallFolder, htmlPages, SMALL_FOLDER } from './smallFolders.js';

/** Each manual of the corpus, as the ignore pattern that leaves it out. */
const MANUALS: Record<string, string> = { postgresql: 'postgresql/', git: 'git/', 'gnuplot.pdf': 'pdf/gnuplot.pdf', 'octave.pdf': 'pdf/octave.pdf' };

/** The manual an item is about, from its first relevant file. */
const manualOf = (item: AnswerableItem): string => {
  const f = item.relevant[0]!.file;
  return f.startsWith('pdf/') ? f.slice(4) : f.split('/')[0]!;
};

/** What each question's confidence is computed from, asked of an index. */
async function evidenceOf(store: IndexStore, questions: readonly string[], embedder?: Embedder): Promise<number[][]> {
  const out: number[][] = [];
  for (const q of questions) {
    const r = await ask(store, q, { embedder });
    await r.prepared;
    if (r.evidence) out.push(r.evidence);
  }
  return out;
}

/** What each follow-up's confidence is computed from: every conversation asked turn by turn, its first turn left out (a standalone question). */
async function followUpEvidence(store: IndexStore, conversations: readonly { turns: readonly AnswerableItem[] }[], embedder?: Embedder): Promise<number[][]> {
  const out: number[][] = [];
  for (const c of conversations) {
    let session: string | undefined;
    for (const [n, t] of c.turns.entries()) {
      const r = await ask(store, t.question, { embedder, session });
      await r.prepared;
      session = r.session;
      if (n > 0 && r.evidence) out.push(r.evidence);
    }
  }
  return out;
}

/**
 * Each question with its subject, the rarest of its words that its relevant page has, replaced by
 * the subject of a question about another manual: a subject the index has, asked what it does not
 * say ("What is the default size of linspace?").
 */
function swappedSubjects(store: IndexStore, items: readonly AnswerableItem[], corpusDir: string): Map<string, string> {
  const termStats = TermStats.of(store);
  const pageText = store.prepared('SELECT group_concat(c.text, \' \') AS text FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path = ? AND (? IS NULL OR c.page = ?)');
  const subject = (item: AnswerableItem): string | undefined => {
    const r = item.relevant[0]!;
    const text = (pageText.get(join(corpusDir, r.file), r.page ?? null, r.page ?? null) as { text: string | null }).text ?? '';
    const has = new Set(queryTerms(text));
    const terms = queryTerms(item.question).filter((t) => /^\p{L}{3,}$/u.test(t) && has.has(t));
    const idf = termStats.idf(terms);
    return terms.sort((a, b) => idf.get(b)! - idf.get(a)!)[0];
  };
  // Each question's partner: the first about another manual from half the set on, so that partners differ.
  const half = Math.floor(items.length / 2);
  const out = new Map<string, string>();
  items.forEach((item, i) => {
    const order = items.map((_, k) => items[(i + half + k) % items.length]!);
    const other = order.find((o) => manualOf(o) !== manualOf(item));
    const from = subject(item);
    const to = other && subject(other);
    if (!from || !to) return;
    // A word on its own, not a part of an identifier ("shared" in shared_buffers).
    const swapped = item.question.replace(new RegExp(`(?<![\\p{L}\\p{N}_.])${from}(?![\\p{L}\\p{N}_.])`, 'iu'), to);
    if (swapped !== item.question) out.set(item.id, swapped);
  });
  return out;
}

/** Evidence from small folders: each question with its HTML pages and others, and the others alone; the unanswerable questions of the latter. */
async function smallFolderEvidence(
  items: readonly AnswerableItem[],
  unanswerable: readonly string[],
  swapped: ReadonlyMap<string, string>,
  corpusDir: string,
  work: string,
): Promise<{ positives: number[][]; negatives: number[][]; swapped: number[][]; unanswerable: number[][] }> {
  const out = { positives: [] as number[][], negatives: [] as number[][], swapped: [] as number[][], unanswerable: [] as number[][] };
  const html = items.filter((i) => i.relevant.every((r) => !r.file.startsWith('pdf/')));
  await eachSmallFolder(html, htmlPages(corpusDir, ['postgresql', 'git']), corpusDir, work, async (store, item, _n, withAnswer) => {
    if (withAnswer) {
      out.positives.push(...(await evidenceOf(store, [item.question])));
      // Its subject swapped: asked of the folder that holds its page.
      const other = swapped.get(item.id);
      if (other) out.swapped.push(...(await evidenceOf(store, [other])));
    } else {
      out.negatives.push(...(await evidenceOf(store, [item.question])));
      out.unanswerable.push(...(await evidenceOf(store, unanswerable)));
    }
  });
  return out;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'src/pipeline/answer/confidenceWeights.json' }, l2: { type: 'string', default: '1' }, miss: { type: 'string', default: '0.05' }, cache: { type: 'string' } } });
  const l2 = Number(values.l2);
  const miss = Number(values.miss);
  const cache = resolve(values.cache ?? '.docent-eval');
  const corpusDir = join(cache, 'docs-corpus');
  const set = loadDocsSet();
  assembleCorpus(set, corpusDir);
  const say = (line: string): void => void process.stderr.write(`${line}\n`);
  const store = IndexStore.open(join(cache, 'docs.sqlite'));
  // As eval:docs does: the encoder judged from this run's searches, not an earlier run's.
  forgetAgreements(store);
  try {
    await indexCorpus(store, corpusDir, true, say);
    const standalone = [...set.questions, ...set.conversations.map((c) => c.turns[0]!)];
    const positives = await evidenceOf(store, standalone.map((i) => i.question));
    const unanswerable = await evidenceOf(store, set.unanswerable.map((i) => i.question));
    // Not trained on, but the threshold must hold for them too: the same questions with vectors
    // (the left-out indexes have none), and the conversations' follow-ups, both ways.
    const followUps = await followUpEvidence(store, set.conversations);
    const embedder = await createEmbedder(chooseEmbedderSpec(store, undefined, modelsDir()));
    let withVectors: number[][];
    let followUpsWithVectors: number[][];
    try {
      withVectors = await evidenceOf(store, standalone.map((i) => i.question), embedder);
      followUpsWithVectors = await followUpEvidence(store, set.conversations, embedder);
    } finally {
      await embedder.close();
    }
    const negatives: number[][] = [];
    for (const [manual, pattern] of Object.entries(MANUALS)) {
      const without = IndexStore.open(join(cache, `docs-without-${manual.replace(/\W+/g, '_')}.sqlite`));
      try {
        const summary = await new Indexer(without, { extraIgnore: [pattern] }).indexRoot(corpusDir);
        say(`without ${manual}: ${summary.chunks} passages`);
        negatives.push(...(await evidenceOf(without, standalone.filter((i) => manualOf(i) === manual).map((i) => i.question))));
      } finally {
        without.close();
      }
    }
    const swappedQuestions = swappedSubjects(store, standalone, corpusDir);
    const swapped = await evidenceOf(store, [...swappedQuestions.values()]);
    say(`swapped subjects: ${swapped.length}, e.g. ${[...swappedQuestions.values()].slice(0, 3).map((q) => `"${q}"`).join(', ')}`);
    const small = await smallFolderEvidence(standalone, set.unanswerable.map((i) => i.question), swappedQuestions, corpusDir, join(cache, 'small-folder'));
    say(`small folders: ${small.positives.length} with their page, ${small.negatives.length} without, ${small.swapped.length} with its subject swapped`);
    const x = [...positives, ...negatives, ...swapped, ...small.positives, ...small.negatives, ...small.swapped];
    const y = [...positives.map(() => 1), ...negatives.map(() => 0), ...swapped.map(() => 0), ...small.positives.map(() => 1), ...small.negatives.map(() => 0), ...small.swapped.map(() => 0)];
    const fitted = fitLogistic({ x, y }, l2);
    // As if the two labels were equally many (as they were before the swapped subjects): the
    // confidence keeps its meaning; the order, and so every figure below, is unchanged.
    const ones = y.filter((v) => v === 1).length;
    const w = [fitted[0]! + Math.log((y.length - ones) / ones), ...fitted.slice(1)];
    const p = (x: number[]): number => predict(w, x);
    // The threshold lets at most `miss` of each group fall below it: the target holds for each way
    // the app asks, not only on average.
    const quantile = (xs: readonly number[][]): number => {
      const sorted = xs.map(p).sort((a, b) => a - b);
      return sorted[Math.floor(miss * sorted.length)] ?? 0.5;
    };
    const threshold = Math.floor(Math.min(...[positives, withVectors, followUps, followUpsWithVectors, small.positives].map(quantile)) * 1000) / 1000;
    const below = (xs: readonly number[][]): number => xs.filter((x) => p(x) < threshold).length / Math.max(1, xs.length);
    const large = positives.map(p);
    const smallPos = small.positives.map(p);
    const answered = (xs: readonly number[][]): string => (1 - below(xs)).toFixed(3);
    const testAuc = auroc(large, unanswerable.map(p));
    const trainAuc = auroc(large, negatives.map(p));
    process.stdout.write(
      `${positives.length} answerable, ${negatives.length} asked without their manual, ${unanswerable.length} unanswerable (test, not trained on)\n` +
        `AUROC: unanswerable ${testAuc.toFixed(3)}, without their manual ${trainAuc.toFixed(3)}\n` +
        `threshold ${threshold}: answerable answered ${answered(positives)} (with vectors ${answered(withVectors)}; follow-ups ${answered(followUps)}, with vectors ${answered(followUpsWithVectors)}), unanswerable not found ${below(unanswerable).toFixed(3)}, without their manual not found ${below(negatives).toFixed(3)}\n` +
        `small folders (${SMALL_FOLDER} pages and the question's): AUROC unanswerable ${auroc(smallPos, small.unanswerable.map(p)).toFixed(3)}, without its page ${auroc(smallPos, small.negatives.map(p)).toFixed(3)}; ` +
        `answerable answered ${answered(small.positives)}, unanswerable not found ${below(small.unanswerable).toFixed(3)}, without its page not found ${below(small.negatives).toFixed(3)}\n`,
    );
    const model = {
      about: `Confidence model (confidence.ts), trained by npm run train:confidence on the real-documents set: ${positives.length} answerable questions against the same asked of the corpus without their manual (${negatives.length}) and with their rarest word swapped for another manual's question's (${swapped.length}), and ${small.positives.length} asked of small folders with and without their page and with their subject swapped (${small.swapped.length}), L2 ${l2}, the bias set as if both labels were equally many; threshold: at most ${miss * 100} % of the answerable questions below it in each way the app asks them (by keywords, with vectors, follow-ups both ways, small folders). On the set's ${unanswerable.length} unanswerable questions (not trained on): AUROC ${testAuc.toFixed(3)}, ${(below(unanswerable) * 100).toFixed(0)} % not found; in the small folders ${(below(small.unanswerable) * 100).toFixed(0)} % not found.`,
      features: [...CONFIDENCE_FEATURES],
      weights: w.map((x) => Math.round(x * 10000) / 10000),
      threshold,
    };
    writeFileSync(values.out!, `${JSON.stringify(model, null, 1)}\n`);
    say(`wrote ${values.out}`);
  } finally {
    store.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`train:confidence: ${(err as Error).message}\n`);
  process.exit(1);
});
