import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auroc, firstRelevantRank } from '../../src/eval/metrics.js';
import { answerableItems, assembleCorpus, containsFact, itemsWithin, loadDocsSet } from '../../src/eval/docs/docsSet.js';
import { rankedPages, runDocsEval, scoreItem, type DocsEvalReport } from '../../src/eval/docsEval.js';
import type { SearchHit } from '../../src/pipeline/search/hybridSearch.js';
import { tempDir } from '../helpers/tmp.js';

const hit = (path: string, page: number | null, chunkId: number): SearchHit => ({ chunkId, fileId: 1, path, page, snippet: '', score: 1, bm25Rank: 1, vectorRank: null });

describe('real-documents evaluation: measures', () => {
  it('AUROC is the chance a positive outscores a negative, ties half', () => {
    expect(auroc([0.9, 0.8], [0.1, 0.2])).toBe(1);
    expect(auroc([0.1], [0.9])).toBe(0);
    expect(auroc([0.5, 0.5], [0.5])).toBe(0.5);
    expect(auroc([0.9, 0.3], [0.5])).toBe(0.5);
  });

  it('ranks pages once each, in the order their passages came, and finds the first relevant one', () => {
    const pages = rankedPages([hit('/c/pdf/a.pdf', 3, 1), hit('/c/pdf/a.pdf', 3, 2), hit('/c/git/x.html', null, 3), hit('/c/pdf/a.pdf', 4, 4)], '/c');
    expect(pages).toEqual(['pdf/a.pdf#3', 'git/x.html#', 'pdf/a.pdf#4']);
    expect(firstRelevantRank(pages, (p) => p === 'pdf/a.pdf#4', 10)).toBe(3);
    expect(firstRelevantRank(pages, (p) => p === 'pdf/a.pdf#4', 2)).toBeNull();
  });

  it('a fact counts in an answer whatever its spacing and case, and not in a not-found answer', () => {
    expect(containsFact('The default is 79  by 24 characters.', ['79 by 24'])).toBe(true);
    expect(containsFact('set  Terminal PNG', ['set terminal png'])).toBe(true);
    expect(containsFact('about 80 columns', ['79 by 24'])).toBe(false);
    const item = { id: 'x', question: 'q?', relevant: [{ file: 'git/x.html' }], facts: ['900'] };
    const found = scoreItem(item, { answer: 'It keeps them 900 seconds.', notFound: false, confidence: 0.8, citations: [{ path: '/c/git/x.html', page: null, quote: '' }] }, [hit('/c/git/y.html', null, 1), hit('/c/git/x.html', null, 2)], '/c');
    expect(found).toMatchObject({ pageRank: 2, fileRank: 2, containsFact: true, citedRightPage: true });
    const nearest = scoreItem(item, { answer: 'Not found. Nearest: … 900 …', notFound: true, confidence: 0.1 }, [], '/c');
    expect(nearest).toMatchObject({ pageRank: null, containsFact: false, notFound: true });
  });

  it('the set has what the issue asks: 80+ questions, 20 conversations with a Dutch one, 10 unanswerable', () => {
    const set = loadDocsSet();
    expect(set.questions.length).toBeGreaterThanOrEqual(80);
    expect(set.conversations.length).toBeGreaterThanOrEqual(20);
    expect(set.conversations.some((c) => c.language === 'nl')).toBe(true);
    expect(set.unanswerable.length).toBeGreaterThanOrEqual(10);
    const ids = [...set.questions, ...set.conversations.flatMap((c) => c.turns)].map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The slice keeps only items whose pages it holds.
    const slice = itemsWithin(set, ['git/git-stash.html']);
    expect(slice.questions.every((q) => q.relevant.every((r) => r.file === 'git/git-stash.html'))).toBe(true);
    expect(slice.questions.length).toBeGreaterThan(0);
    // Ids are unique across the held-out parts too, and the slice holds none of them (R's and SQLite's manuals are not in the slice).
    const later = set.heldOutLater.flatMap((p) => [...p.questions, ...p.conversations.flatMap((c) => c.turns)]);
    const all = [...ids, ...[...(set.heldOut?.questions ?? []), ...(set.heldOut?.conversations.flatMap((c) => c.turns) ?? []), ...later].map((i) => i.id)];
    expect(later.length).toBeGreaterThan(0);
    expect(new Set(all).size).toBe(all.length);
    expect(slice.heldOut?.questions ?? []).toEqual([]);
    expect(slice.heldOutLater.flatMap((p) => [...p.questions, ...p.conversations])).toEqual([]);
    // A later part's items are the set's items too (verified, page by page, with the rest).
    expect(answerableItems(set).map((i) => i.id)).toEqual(expect.arrayContaining(later.map((i) => i.id)));
  });

  it('assembles the slice without the packages it reads nothing of, and says which package the full corpus lacks', () => {
    const t = tempDir();
    try {
      const have = join(t.dir, 'have');
      mkdirSync(have);
      writeFileSync(join(have, 'a.html'), '<p>a</p>');
      const set = { ...loadDocsSet(), slice: { about: '', dirs: ['web'], files: [] }, corpus: [{ dir: 'web', package: 'have-doc', from: have, ext: '.html' }, { dir: 'pdf', package: 'missing-doc', from: join(t.dir, 'missing'), files: ['m.pdf'] }] };
      expect(assembleCorpus(set, join(t.dir, 'slice'), true)).toEqual(['web/a.html']);
      expect(() => assembleCorpus(set, join(t.dir, 'full'))).toThrow(/missing-doc is not installed/);
    } finally {
      t.cleanup();
    }
  });
});

// The slice of the real documents (Debian's git-doc, gnuplot-doc and some of postgresql-doc-15,
// installed by scripts/install-docs.sh, which .ci/run calls), indexed and asked end to end.
describe('real-documents evaluation: the slice, end to end', () => {
  const tmp = tempDir('docent-docs-eval-');
  let report: DocsEvalReport;
  beforeAll(async () => {
    report = await runDocsEval({ slice: true, vectors: 'off', cacheDir: tmp.dir });
  }, 600_000);
  afterAll(() => tmp.cleanup());

  it('indexes the slice and asks every item of it', () => {
    expect(report.corpus_files).toBeGreaterThan(200);
    const [kw] = report.results;
    expect(kw!.mode).toBe('keyword');
    expect(kw!.questions.n).toBeGreaterThanOrEqual(50);
    expect(kw!.conversations.n).toBeGreaterThanOrEqual(30);
    expect(kw!.unanswerable.n).toBeGreaterThanOrEqual(10);
  });

  it('finds the right page and states the fact as well as it did when this floor was set', () => {
    const kw = report.results[0]!;
    // Set at 0.86 / 0.707 / 0.51 (the passages listed by what Map read in them; Map reading each hit's section).
    expect(kw.all_answerable['hit@5']).toBeGreaterThanOrEqual(0.82);
    expect(kw.all_answerable['mrr@10']).toBeGreaterThanOrEqual(0.67);
    expect(kw.all_answerable.answer_contains_fact).toBeGreaterThanOrEqual(0.45);
  });

  it('tells answerable from unanswerable questions by its confidence, and says "not found" for most of the latter', () => {
    const kw = report.results[0]!;
    // Set at AUROC 0.978, all 12 not found, 0.08 of the answerable not found.
    expect(kw.auroc).toBeGreaterThanOrEqual(0.9);
    expect(kw.unanswerable.not_found).toBeGreaterThanOrEqual(0.9);
    expect(kw.all_answerable.answerable_not_found).toBeLessThanOrEqual(0.15);
  });
});
