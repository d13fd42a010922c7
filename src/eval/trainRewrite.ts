/**
 * `npm run train:rewrite [-- --data DIR ...] [--out FILE]`
 *
 * Trains the lexical rewrite engine's three small logistic models from conversational datasets in
 * the format of shared/README.md (default: both MTRAG folders and qrecc-2k beside the repo):
 * - dependence: does the turn need the conversation at all? (label: the reference rewrite
 *   takes a word from the conversation that the turn does not have; a reference that only
 *   rephrases the turn does not count);
 * - term: which words of the selected turn pairs does the standalone query need? (label: the
 *   word is in the reference rewrite and not in the turn);
 * - phrase: which phrase of the conversation does a follow-up's reference mean ("it", "and the
 *   price?")? (label: the reference rewrite holds the phrase's words.)
 * Beside the datasets' turns, made-up topic switches (another conversation's opening question
 * after this one's history; see topicSwitches) teach both models that a new subject needs nothing.
 * Conversations are split by a hash of their id (1 in 5 held out); the held-out figures are
 * printed, then both models are refitted on everything and written as JSON. The same data
 * gives the same file: no dates, no randomness.
 */
import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { EmbedderPool } from '../pipeline/models/embedderPool.js';
import { stopwordsOf, withoutContractions } from '../pipeline/search/queryTerms.js';
import { TermStats } from '../pipeline/search/termStats.js';
import { candidateTerms, sameWordForm, TERM_FEATURES, termFeatures } from '../pipeline/rewrite/lexical/candidates.js';
import { DEPENDENCE_FEATURES, dependenceFeatures } from '../pipeline/rewrite/lexical/dependence.js';
import { detectLanguage } from '../pipeline/rewrite/lexical/language.js';
import { predict } from '../pipeline/rewrite/lexical/logisticModel.js';
import { wordPattern } from '../pipeline/rewrite/lexical/words.js';
import { conversationPhrases, PHRASE_FEATURES } from '../pipeline/rewrite/lexical/phrases.js';
import { readShape } from '../pipeline/rewrite/lexical/reference.js';
import { REWRITE_WEIGHTS, weightsFor, type RewriteWeights } from '../pipeline/rewrite/lexical/scorer.js';
import { earlierUserTurns } from '../pipeline/rewrite/history.js';
import { pairText, recentTurns, selectTurns, turnPairs, type SelectedTurn } from '../pipeline/rewrite/targetedHistory.js';
import { DEFAULT_REWRITE_OPTIONS } from '../pipeline/rewrite/types.js';
import { DocentError } from '../shared/errors.js';
import { openConversationCorpus, openCorpusIndex } from './corpusIndex.js';
import { TRAINING_SWITCHES, loadDataset, topicSwitches, type ConversationRow } from './dataset.js';
import { auc, fitLogistic, type TrainingSet } from './logistic.js';
import { inPronounPlace } from './rewriteText.js';
import { PersistentEmbedder } from './persistentEmbedder.js';

const DEFAULT_DATA = ['../shared/datasets/mtrag/fiqa', '../shared/datasets/mtrag/clapnq', '../shared/datasets/qrecc-2k'];
const DEFAULT_OUT = 'src/pipeline/rewrite/lexical/weights.json';
/** Standalone turns the dependence model must leave alone, on the training split. */
const STANDALONE_KEPT = 0.96;
/**
 * Where the search counts an added term whole (search_threshold; below it, at its share): the
 * threshold best at F0.5, for precision. A word added wrongly pulls the search towards other
 * passages, while a word missed leaves the user's own words to find them (FINDINGS: added words
 * at full weight outvote the user's). What the question itself takes stays at F1's threshold.
 */
const TERM_SEARCH_BETA = 0.5;

/** A turn's dependence features and candidate terms, as one way of choosing its turns gives them. */
interface View {
  dep: number[];
  terms: { x: number[]; y: number }[];
  /** The phrases a follow-up with a reference shape may mean, labelled by the reference rewrite (none for other turns). */
  phrases: { x: number[]; y: number }[];
}

interface Example extends View {
  heldOut: boolean;
  /** A made-up topic switch (topicSwitches). */
  switched: boolean;
  dependent: number;
  /** The same turn without a sentence encoder: the latest turns, similarity 0 (as the app reads them without one). */
  bare: View;
}

const WORD = wordPattern();

/** A text's words less the stop list of the conversation's language (stopwordsOf), as the rewrite reads them. */
function contentWords(text: string, language: string): string[] {
  const stopwords = stopwordsOf(language);
  return (withoutContractions(text).toLowerCase().match(WORD) ?? []).filter((w) => !stopwords.has(w));
}

/**
 * Whether the reference rewrite draws on the conversation: it has a content word that the turn
 * lacks and an earlier message has. Rewrites that only rephrase the turn (many references
 * rephrase every turn) would otherwise teach the dependence model that nearly every turn leans
 * on the conversation.
 */
function drawsOnHistory(row: ConversationRow, language: string): boolean {
  const own = contentWords(row.query, language);
  const history = [...new Set(row.history.flatMap((m) => contentWords(m.text, language)))];
  return contentWords(row.reference_rewrite, language).some((w) => !own.some((o) => sameWordForm(o, w)) && history.some((h) => sameWordForm(h, w)));
}

function heldOut(dataset: string, conversation: string): boolean {
  return createHash('sha1').update(`${dataset}:${conversation}`).digest()[0]! % 5 === 0;
}

const round = (x: number): number => Math.round(x * 1e4) / 1e4;

/** The threshold with the best F-score at `beta` (1: precision and recall alike; 0.5: precision counts more). */
function bestThreshold(scores: number[], labels: number[], beta: number): number {
  const b2 = beta * beta;
  let best = { f: -1, t: 0.5 };
  for (let t = 0.05; t < 0.95; t += 0.01) {
    const { precision, recall } = prf(scores, labels, t);
    const f = precision + recall ? ((1 + b2) * precision * recall) / (b2 * precision + recall) : 0;
    if (f > best.f) best = { f, t };
  }
  return round(best.t);
}

function prf(scores: number[], labels: number[], t: number): { precision: number; recall: number; f1: number } {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  scores.forEach((s, i) => {
    if (s >= t && labels[i]) tp++;
    else if (s >= t) fp++;
    else if (labels[i]) fn++;
  });
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}


async function collect(dirs: string[], cacheDir: string, log: (s: string) => void): Promise<Example[]> {
  const pool = await EmbedderPool.start({ kind: 'use' });
  const embedder = new PersistentEmbedder(pool, cacheDir);
  const examples: Example[] = [];
  try {
    for (const dir of dirs) {
      const dataset = loadDataset(dir);
      const rows = dataset.rows.filter((r) => r.history.length > 0);
      // Embed every query and turn pair once, in batches, before the row-by-row pass.
      const texts = new Set<string>();
      // Made-up topic switches beside the real turns: the datasets' conversations never change the subject.
      const switches = topicSwitches(dataset.rows, TRAINING_SWITCHES);
      const asked = [...rows, ...switches];
      for (const r of asked) {
        texts.add(r.query);
        for (const p of turnPairs(r.history, DEFAULT_REWRITE_OPTIONS.message_char_limit)) texts.add(pairText(p));
      }
      const t0 = performance.now();
      await embedder.embed([...texts]);
      let termStats: TermStats;
      let close = (): void => undefined;
      if (dataset.corpusPath) {
        const index = await openCorpusIndex(dataset, cacheDir, pool, (d, t) => d === t && log(`  corpus embedded: ${t} passages`));
        termStats = new TermStats(index.store);
        close = () => index.store.close();
      } else {
        // Word statistics as a user's index would give them: the dataset's replies stand in for documents.
        const replies = openConversationCorpus(dataset, cacheDir);
        termStats = new TermStats(replies);
        close = () => replies.close();
      }
      for (const r of asked) {
        const turns = await selectTurns(r.query, r.history, embedder, DEFAULT_REWRITE_OPTIONS);
        const language = detectLanguage(r.query, earlierUserTurns(r.history));
        const wanted = contentWords(r.reference_rewrite, language);
        const view = (t: readonly SelectedTurn[], models: RewriteWeights): View => ({
          dep: dependenceFeatures(r.query, t, termStats),
          terms: candidateTerms(r.query, t, language, termStats).map((c) => ({ x: c.features, y: wanted.some((w) => sameWordForm(w, c.term)) ? 1 : 0 })),
          phrases: 'opening' in r ? [] : phraseExamples(r.query, r.reference_rewrite, t, language, termStats, wanted, models),
        });
        examples.push({
          heldOut: heldOut(dataset.name, r.conversation),
          switched: 'opening' in r,
          dependent: drawsOnHistory(r, language) ? 1 : 0,
          ...view(turns, REWRITE_WEIGHTS),
          bare: view(recentTurns(r.history, DEFAULT_REWRITE_OPTIONS), weightsFor(REWRITE_WEIGHTS, false)),
        });
      }
      close();
      log(`${dataset.name}: ${rows.length} turns with history and ${switches.length} topic switches (${texts.size} texts embedded or cached, ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    }
  } finally {
    await embedder.close();
  }
  return examples;
}

/**
 * The phrase model's examples of one turn: where the question has a reference shape the phrase
 * model fills (a pronoun, an ellipsis of a thing), each phrase of the kept turns, labelled 1 when
 * the reference rewrite holds its head word (and the question does not) and, for a pronoun, says
 * it in the pronoun's place (inPronounPlace). The phrases' term likelihoods come from the
 * committed term model (the one the engine runs with when these are read).
 */
function phraseExamples(query: string, reference: string, turns: Parameters<typeof candidateTerms>[1], language: string, termStats: TermStats, wanted: string[], models: RewriteWeights): { x: number[]; y: number }[] {
  const shape = readShape(query, language);
  if (!shape || !(shape.kind === 'pronoun' || (shape.kind === 'ellipsis' && !shape.circumstance))) return [];
  const dependence = predict(models.dependence.weights, dependenceFeatures(query, turns, termStats));
  const termP = new Map(candidateTerms(query, turns, language, termStats).map((c) => [c.term, predict(models.term.weights, termFeatures(c.features, dependence))]));
  const phrases = conversationPhrases(query, turns, language, { termP, termStats, ...(shape.kind === 'pronoun' ? { number: shape.number } : {}) });
  const own = contentWords(query, language);
  // The thing is the phrase's head noun: the reference rewrite names it (often with fewer or more words around it).
  const head = (ph: { words: string[] }): string => ph.words.at(-1)!;
  const named = (ph: { words: string[] }): boolean => wanted.some((x) => sameWordForm(x, head(ph))) && !own.some((o) => sameWordForm(o, head(ph)));
  const inPlace = shape.kind === 'pronoun' ? inPronounPlace(query, shape.at, reference, phrases.filter(named).map(head)) : undefined;
  return phrases.map((ph) => ({ x: ph.features, y: named(ph) && (inPlace === undefined || inPlace.has(head(ph))) ? 1 : 0 }));
}

interface TermAndDependence {
  term: { weights: number[]; threshold: number; search_threshold: number };
  dependence: { weights: number[]; threshold: number };
}

interface Models extends TermAndDependence {
  phrase: { weights: number[]; threshold: number };
}

interface Fit extends Models {
  /** The three models fitted on the turns as read without a sentence encoder. */
  bare: Models;
}

/** The three models on the turns as the encoder selects them, and the three as read without one. */
function fit(examples: Example[]): Fit {
  const bare = examples.map((e) => ({ ...e, ...e.bare }));
  return { ...fitTerms(examples), phrase: fitPhrase(examples), bare: { ...fitTerms(bare), phrase: fitPhrase(bare) } };
}

/** Phrases are learned where a turn has some phrase the reference rewrite took: which one it took is the question. */
function fitPhrase(examples: readonly View[]): Models['phrase'] {
  const phrase: TrainingSet = { x: [], y: [] };
  for (const e of examples.filter((x) => x.phrases.some((p) => p.y))) {
    for (const p of e.phrases) {
      phrase.x.push(p.x);
      phrase.y.push(p.y);
    }
  }
  return { weights: fitLogistic(phrase, 1).map(round), threshold: 0.5 };
}

function fitTerms(examples: (View & Pick<Example, 'dependent'>)[]): TermAndDependence {
  const dep: TrainingSet = { x: examples.map((e) => e.dep), y: examples.map((e) => e.dependent) };
  const depW = fitLogistic(dep, 1);
  // The lowest threshold that still leaves STANDALONE_KEPT of the standalone turns unchanged.
  const standalone = examples.filter((e) => !e.dependent).map((e) => predict(depW, e.dep)).sort((a, b) => a - b);
  const depT = round(standalone[Math.min(standalone.length - 1, Math.floor(standalone.length * STANDALONE_KEPT))] ?? 0.5);
  // Terms are learned from every turn, with the turn's dependence as a feature: a standalone
  // turn's candidates are all negatives, so the model learns to add little to it.
  const term: TrainingSet = { x: [], y: [] };
  for (const e of examples) {
    const p = predict(depW, e.dep);
    for (const t of e.terms) {
      term.x.push(termFeatures(t.x, p));
      term.y.push(e.dependent ? t.y : 0);
    }
  }
  const termW = fitLogistic(term, 1);
  const termScores = term.x.map((x) => predict(termW, x));
  const termT = bestThreshold(termScores, term.y, 1);
  const termSearchT = bestThreshold(termScores, term.y, TERM_SEARCH_BETA);
  return {
    term: { weights: termW.map(round), threshold: termT, search_threshold: termSearchT },
    dependence: { weights: depW.map(round), threshold: depT },
  };
}

/** The share of turns with a phrase to find whose best-ranked phrase is one the reference rewrite took. */
function phraseTop1(weights: number[], examples: readonly View[]): { turns: number; top1: number } {
  const withAnswer = examples.filter((e) => e.phrases.some((p) => p.y));
  const right = withAnswer.filter((e) => [...e.phrases].sort((a, b) => predict(weights, b.x) - predict(weights, a.x))[0]!.y === 1).length;
  return { turns: withAnswer.length, top1: round(right / Math.max(1, withAnswer.length)) };
}

type Turn = View & Pick<Example, 'dependent' | 'switched'>;

/** The term and dependence models' figures on held-out turns. */
function termFigures(model: TermAndDependence, test: Turn[]): Record<string, number> {
  const depScores = test.map((e) => predict(model.dependence.weights, e.dep));
  const depLabels = test.map((e) => e.dependent);
  const standalone = test.filter((e) => !e.dependent);
  const kept = standalone.filter((e) => predict(model.dependence.weights, e.dep) < model.dependence.threshold).length / Math.max(1, standalone.length);
  const caught = test.filter((e, i) => e.dependent && depScores[i]! >= model.dependence.threshold).length / Math.max(1, test.filter((e) => e.dependent).length);
  const scores: number[] = [];
  const labels: number[] = [];
  let standaloneWithAdditions = 0;
  let switchesWithAdditions = 0;
  const switches = test.filter((e) => e.switched).length;
  test.forEach((e, i) => {
    let added = false;
    for (const t of e.terms) {
      const p = predict(model.term.weights, termFeatures(t.x, depScores[i]!));
      scores.push(p);
      labels.push(e.dependent ? t.y : 0);
      added ||= p >= model.term.threshold;
    }
    if (!e.dependent && added) standaloneWithAdditions++;
    if (e.switched && added) switchesWithAdditions++;
  });
  const tp = prf(scores, labels, model.term.threshold);
  return {
    turns: test.length,
    standalone_turns: standalone.length,
    dependence_auc: round(auc(depScores, depLabels)),
    standalone_kept: round(kept),
    dependent_caught: round(caught),
    term_candidates: scores.length,
    term_auc: round(auc(scores, labels)),
    term_precision: round(tp.precision),
    term_recall: round(tp.recall),
    term_f1: round(tp.f1),
    standalone_given_terms: round(standaloneWithAdditions / Math.max(1, standalone.length)),
    topic_switches: switches,
    switches_given_terms: round(switchesWithAdditions / Math.max(1, switches)),
  };
}

function logTerms(f: Record<string, number>, log: (s: string) => void, indent = '  '): void {
  log(`${indent}dependence  AUC ${f.dependence_auc}  at the threshold: standalone kept ${f.standalone_kept}, dependent caught ${f.dependent_caught}`);
  log(`${indent}term        AUC ${f.term_auc}  P ${f.term_precision}  R ${f.term_recall}  F1 ${f.term_f1} (${f.term_candidates} candidates)`);
  log(`${indent}standalone turns given added terms: ${f.standalone_given_terms} (of the ${f.topic_switches} topic switches: ${f.switches_given_terms})`);
}

function report(model: Fit, test: Example[], log: (s: string) => void): Record<string, unknown> {
  const terms = termFigures(model, test);
  const figures: Record<string, number> = { ...terms, phrase_turns: phraseTop1(model.phrase.weights, test).turns, phrase_top1: phraseTop1(model.phrase.weights, test).top1 };
  const bare = test.map((e) => ({ ...e, ...e.bare }));
  const withoutEncoder = {
    encoder_models: { ...termFigures(model, bare), phrase_top1: phraseTop1(model.phrase.weights, bare).top1 },
    own_models: { ...termFigures(model.bare, bare), phrase_turns: phraseTop1(model.bare.phrase.weights, bare).turns, phrase_top1: phraseTop1(model.bare.phrase.weights, bare).top1 },
  };
  log(`held out (${test.length} turns with history, ${figures.standalone_turns} of them standalone, topic switches included; conversations split by hash, 1 in 5):`);
  logTerms(figures, log);
  log(`  phrase      the reference's phrase ranked first in ${figures.phrase_top1} of ${figures.phrase_turns} turns with a reference shape and a phrase to find`);
  log('without a sentence encoder (the latest turns, similarity 0), the models trained with one:');
  logTerms(withoutEncoder.encoder_models, log, '    ');
  log(`    phrase      the reference's phrase ranked first in ${withoutEncoder.encoder_models.phrase_top1} of ${withoutEncoder.own_models.phrase_turns} turns`);
  log('  and the models trained without one:');
  logTerms(withoutEncoder.own_models, log, '    ');
  log(`    phrase      the reference's phrase ranked first in ${withoutEncoder.own_models.phrase_top1} of ${withoutEncoder.own_models.phrase_turns} turns`);
  return { ...figures, without_encoder: withoutEncoder };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', multiple: true },
      out: { type: 'string', default: DEFAULT_OUT },
      cache: { type: 'string', default: '.docent-eval' },
    },
  });
  const dirs = values.data?.length ? values.data : DEFAULT_DATA;
  for (const d of dirs) if (!existsSync(d)) throw new DocentError(`${d} does not exist`, 'Pass --data DIR for each dataset folder (see shared/README.md).');
  const log = (s: string): void => void process.stdout.write(s + '\n');
  const examples = await collect(dirs, values.cache!, log);
  const heldOutFigures = report(fit(examples.filter((e) => !e.heldOut)), examples.filter((e) => e.heldOut), log);
  const final = fit(examples);
  const out = {
    version: 1,
    trained_on: dirs.map((d) => d.replace(/^.*?(datasets\/)/, '$1')),
    turns: examples.length,
    held_out: heldOutFigures,
    term: { features: [...TERM_FEATURES], ...final.term },
    dependence: { features: [...DEPENDENCE_FEATURES], ...final.dependence },
    phrase: { features: [...PHRASE_FEATURES], ...final.phrase },
    without_encoder: {
      term: { features: [...TERM_FEATURES], ...final.bare.term },
      dependence: { features: [...DEPENDENCE_FEATURES], ...final.bare.dependence },
      phrase: { features: [...PHRASE_FEATURES], ...final.bare.phrase },
    },
  };
  writeFileSync(values.out!, JSON.stringify(out, null, 2) + '\n');
  log(`thresholds: dependence ${final.dependence.threshold}, term ${final.term.threshold} (in the search, whole from ${final.term.search_threshold}); written to ${values.out}`);
}

main().catch((err: unknown) => {
  process.stderr.write(`train:rewrite: ${err instanceof DocentError ? err.toUserString() : (err as Error).stack}\n`);
  process.exitCode = 1;
});
