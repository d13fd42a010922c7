import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plan } from '../../src/pipeline/answer/plan.js';
import { searchStage } from '../../src/pipeline/answer/searchStage.js';
import { rewrite } from '../../src/pipeline/rewrite/rewrite.js';
import type { RewriteResult } from '../../src/pipeline/rewrite/types.js';
import { TermStats } from '../../src/pipeline/search/termStats.js';
import { Indexer } from '../../src/pipeline/index/indexer.js';
import { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { indexedFixtureDocs } from '../helpers/fixtureIndex.js';
import { tempDir } from '../helpers/tmp.js';

let fixture: Awaited<ReturnType<typeof indexedFixtureDocs>>;
beforeAll(async () => {
  fixture = await indexedFixtureDocs();
});
afterAll(() => fixture.cleanup());

const NOW = new Date(Date.UTC(2026, 10, 21));
const files = (hits: { path: string }[]): string[] => hits.map((h) => basename(h.path));

function standalone(q: string, extra: Partial<RewriteResult> = {}): { result: RewriteResult; turns: [] } {
  return {
    turns: [],
    result: { intent: 'factual', search_query: q, resolved_query: q, keywords: [], ambiguous: false, alternatives: [], confidence: 1, language: 'en', rewritten: false, kinds: [], used_turns: [], engine: 'passthrough', original_query: q, ...extra },
  };
}

describe('Search stage (keyword side, real index)', () => {
  it('searches a rewritten follow-up: "en de prijs?" finds the houtmulch note', async () => {
    const history = [
      { role: 'user' as const, text: 'Wat is houtmulch?' },
      { role: 'assistant' as const, text: 'Houtmulch is versnipperd hout voor borders.' },
    ];
    const run = await rewrite('en de prijs?', history, {}, { termStats: new TermStats(fixture.store) });
    const r = await searchStage(fixture.store, run, plan(run.result.resolved_query, run.result.intent, NOW));
    expect(files(r.hits)[0]).toBe('houtmulch.md');
    expect(r.searched[0]).toBe(run.result.search_query);
  });

  it('searches the resolved question\'s word pairs as phrases, not pairs of the words appended from the conversation', async () => {
    const run = standalone('How long is the warranty period? heat pump', { resolved_query: 'How long is the warranty period?' });
    const r = await searchStage(fixture.store, run, plan(run.result.resolved_query, run.result.intent, NOW));
    expect(r.phrases).toEqual(['warranty period']);
    expect(files(r.hits)[0]).toBe('heat-pump-manual.pdf');
  });

  it('applies the plan\'s filters in SQL: only PDFs; when no file qualifies, every file, and says so', async () => {
    const pdfs = await searchStage(fixture.store, standalone('warranty invoice budget'), plan('warranty invoice budget in PDFs', 'factual', NOW));
    expect(pdfs.hits.length).toBeGreaterThan(0);
    expect(pdfs.hits.every((h) => h.path.endsWith('.pdf'))).toBe(true);
    const word = await searchStage(fixture.store, standalone('budget'), plan('budget in Word files', 'factual', NOW));
    expect(files(word.hits)).toEqual(['annual-report-2024.docx']);
    const none = await searchStage(fixture.store, standalone('budget'), plan('budget in my archive folder', 'factual', NOW));
    expect(none.filtersDropped).toBe(true);
    expect(none.scopedFiles).toBeUndefined();
    expect(files(none.hits)).toContain('annual-report-2024.docx');
  });

  it('spreads passages over files (one per file when the others are as good), and searches every reading of an ambiguous question', async () => {
    const many = await searchStage(fixture.store, standalone('invoice total amount'), plan('invoice total amount', 'factual', NOW), { maxPerFile: 1 });
    expect(new Set(files(many.hits)).size).toBe(many.hits.length);
    const ambiguous = standalone('How much did it cost?', {
      ambiguous: true,
      alternatives: ['How much did the heat pump cost?', 'How much did the MacBook cost?'],
    });
    const r = await searchStage(fixture.store, ambiguous, plan('How much did it cost?', 'factual', NOW));
    expect(r.searched).toHaveLength(3);
    expect(files(r.hits)).toEqual(expect.arrayContaining(['heat-pump-manual.pdf', 'invoice-2024-002.pdf']));
  });

  it('searches an ambiguous rewrite\'s readings without the words said to the assistant, as its search_query', async () => {
    const ambiguous = standalone('Can you tell me how much it cost?', {
      search_query: 'How much it cost?',
      ambiguous: true,
      alternatives: ['Can you tell me how much the heat pump cost?', 'Can you tell me how much the MacBook cost?'],
    });
    const r = await searchStage(fixture.store, ambiguous, plan('Can you tell me how much it cost?', 'factual', NOW));
    expect(r.searched).toEqual(['How much it cost?', 'How much the heat pump cost?', 'How much the MacBook cost?']);
    expect(files(r.hits)).toEqual(expect.arrayContaining(['heat-pump-manual.pdf', 'invoice-2024-002.pdf']));
  });
});

describe('Search stage: the passages a list holds back', () => {
  const t = tempDir('docent-held-back-');
  afterAll(() => t.cleanup());

  it('keeps for Map the passages of a listed file that the list left out for other files\' sake', async () => {
    const folder = join(t.dir, 'docs');
    mkdirSync(folder);
    // A long page whose every section speaks of workers waiting, and short notes that do once.
    const section = (n: number): string => `## Part ${n}\n\nA worker waits for its queue in part ${n}; the waiting worker wakes when work arrives. ${'Each run is written to the log with its number and its time. '.repeat(12)}`;
    writeFileSync(join(folder, 'workers.md'), `# Workers\n\n${[1, 2, 3, 4, 5].map(section).join('\n\n')}\n`);
    for (const name of ['events', 'timers', 'locks']) writeFileSync(join(folder, `${name}.md`), `# ${name}\n\nA worker waits on the ${name} until another sets it.\n`);
    const store = IndexStore.open(join(t.dir, 'index.sqlite'));
    try {
      await new Indexer(store).indexRoot(folder);
      const r = await searchStage(store, standalone('worker waits'), plan('worker waits', 'factual', NOW), { k: 4, maxPerFile: 1 });
      const listed = new Set(r.hits.map((h) => h.fileId));
      expect(listed.size).toBe(4);
      const long = r.hits.find((h) => basename(h.path) === 'workers.md')!;
      expect(long).toBeDefined();
      // The page's other parts, each once, none listed, in the search's order.
      expect(r.heldBack.length).toBeGreaterThan(0);
      expect(r.heldBack.every((h) => h.fileId === long.fileId)).toBe(true);
      expect(r.heldBack.some((h) => r.hits.some((x) => x.chunkId === h.chunkId))).toBe(false);
      expect(new Set(r.heldBack.map((h) => h.chunkId)).size).toBe(r.heldBack.length);
      const scores = r.heldBack.map((h) => h.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    } finally {
      store.close();
    }
  });
});

