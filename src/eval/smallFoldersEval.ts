/**
 * `npm run eval:small-folders -- [--pages N] [--part tuned|sqlite|both] [--json OUT] [--cache DIR]`
 *
 * Confidence in a small folder, where a user's question meets a few dozen pages: each question on
 * an HTML page asked of a folder of its pages and N others of its manuals (keywords), and of the
 * others alone, and the set's unanswerable questions asked of the latter. Two parts: "tuned", the
 * PostgreSQL and git questions (the confidence model trains on these folders at 30 pages:
 * trainConfidence.ts), and "sqlite", the held-out SQLite questions over SQLite's pages, never
 * trained on. Prints per part the share of answerable questions answered, of the same without
 * their page answered "not found", of unanswerable ones answered "not found", and the AUROC of
 * confidence between answerable and the other two. Writes JSON (default
 * bench/results/eval-small-folders.json).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ask } from '../pipeline/answer/ask.js';
import type { IndexStore } from '../pipeline/store/indexStore.js';
import { DocentError } from '../shared/errors.js';
import { assembleCorpus, loadDocsSet, type AnswerableItem } from './docs/docsSet.js';
import { auroc } from './metrics.js';
import { eachSmallFolder, htmlPages, SMALL_FOLDER } from './smallFolders.js';

interface Asked {
  confidence: number;
  notFound: boolean;
}

interface PartFigures {
  part: string;
  pages: number;
  answerable: number;
  answerable_answered: number;
  without_page_not_found: number;
  unanswerable: number;
  unanswerable_not_found: number;
  auroc_unanswerable: number;
  auroc_without_page: number;
}

async function asked(store: IndexStore, question: string): Promise<Asked> {
  const r = await ask(store, question, {});
  await r.prepared;
  return { confidence: r.confidence, notFound: r.notFound };
}

const share = (xs: readonly Asked[], f: (x: Asked) => boolean): number => (xs.length ? Math.round((xs.filter(f).length / xs.length) * 1000) / 1000 : 0);

async function part(name: string, items: readonly AnswerableItem[], pages: readonly string[], unanswerable: readonly string[], corpusDir: string, work: string, size: number): Promise<PartFigures> {
  const withPage: Asked[] = [];
  const withoutPage: Asked[] = [];
  const none: Asked[] = [];
  await eachSmallFolder(
    items,
    pages,
    corpusDir,
    work,
    async (store, item, _n, withAnswer) => {
      if (withAnswer) withPage.push(await asked(store, item.question));
      else {
        withoutPage.push(await asked(store, item.question));
        for (const q of unanswerable) none.push(await asked(store, q));
      }
      process.stderr.write('.');
    },
    size,
  );
  process.stderr.write('\n');
  const conf = (xs: readonly Asked[]): number[] => xs.map((x) => x.confidence);
  return {
    part: name,
    pages: size,
    answerable: withPage.length,
    answerable_answered: share(withPage, (x) => !x.notFound),
    without_page_not_found: share(withoutPage, (x) => x.notFound),
    unanswerable: none.length,
    unanswerable_not_found: share(none, (x) => x.notFound),
    auroc_unanswerable: Math.round(auroc(conf(withPage), conf(none)) * 1000) / 1000,
    auroc_without_page: Math.round(auroc(conf(withPage), conf(withoutPage)) * 1000) / 1000,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { pages: { type: 'string', default: String(SMALL_FOLDER) }, part: { type: 'string', default: 'both' }, json: { type: 'string' }, cache: { type: 'string' } } });
  const size = Number(values.pages);
  if (!Number.isInteger(size) || size < 1) throw new DocentError(`--pages must be a whole number of pages, not "${values.pages}"`, 'Give --pages 30, for example');
  if (!['tuned', 'sqlite', 'both'].includes(values.part)) throw new DocentError(`--part must be tuned, sqlite or both, not "${values.part}"`, 'Give --part both, for example');
  const cache = resolve(values.cache ?? '.docent-eval');
  const corpusDir = join(cache, 'docs-corpus');
  const set = loadDocsSet();
  assembleCorpus(set, corpusDir);
  // Its own folder per run: two runs side by side do not share one.
  const work = join(cache, `small-folders-${process.pid}`);
  const html = (i: AnswerableItem): boolean => i.relevant.every((r) => !r.file.startsWith('pdf/'));
  const results: PartFigures[] = [];
  if (values.part !== 'sqlite') {
    const items = [...set.questions, ...set.conversations.map((c) => c.turns[0]!)].filter(html);
    results.push(await part('tuned', items, htmlPages(corpusDir, ['postgresql', 'git']), set.unanswerable.map((u) => u.question), corpusDir, work, size));
  }
  const sqlite = set.heldOutLater.find((h) => h.name === 'SQLite');
  if (values.part !== 'tuned' && sqlite) {
    const items = [...sqlite.questions, ...sqlite.conversations.map((c) => c.turns[0]!)].filter(html);
    const unanswerable = [...sqlite.unanswerable, ...set.unanswerable].map((u) => u.question);
    results.push(await part('sqlite', items, htmlPages(corpusDir, ['sqlite']), unanswerable, corpusDir, work, size));
  }
  for (const r of results)
    console.log(
      `${r.part} | ${r.pages} pages | answerable ${r.answerable}: answered ${r.answerable_answered.toFixed(3)}, without their page "not found" ${r.without_page_not_found.toFixed(3)} | unanswerable ${r.unanswerable}: "not found" ${r.unanswerable_not_found.toFixed(3)} | AUROC ${r.auroc_unanswerable.toFixed(3)} (unanswerable), ${r.auroc_without_page.toFixed(3)} (without the page)`,
    );
  const out = resolve(values.json ?? 'bench/results/eval-small-folders.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ pages: size, results }, null, 2)}\n`);
  console.log(`wrote ${out}`);
}

main().catch((err: unknown) => {
  const e = err as DocentError;
  process.stderr.write(`eval:small-folders: ${e.message}${e.hint ? `\n${e.hint}` : ''}\n`);
  process.exit(1);
});
