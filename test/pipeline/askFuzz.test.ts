// Every stage after the rewrite (Plan, Search, Map with its section windows, Filter, the passages'
// order, Reduce, Confidence) survives questions it has never seen: 150 generated conversations
// (mixed languages, emoji, 10 kB and empty messages, lone surrogates, code tokens), each asked
// turn by turn in one session of the real fixture index, keep ask's contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, type AskResult } from '../../src/pipeline/answer/ask.js';
import type { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { generatedConversation } from '../helpers/fuzzConversations.js';
import { indexedFixtureDocs } from '../helpers/fixtureIndex.js';
import { letTheEventLoopRun } from '../helpers/eventLoop.js';

const CONVERSATIONS = 150;
let fixture: Awaited<ReturnType<typeof indexedFixtureDocs>>;

beforeAll(async () => {
  fixture = await indexedFixtureDocs();
});
afterAll(() => fixture.cleanup());

/** What every answer must be, whatever was asked. */
function expectContract(store: IndexStore, r: AskResult, asked: string): void {
  const files = new Map((store.db.prepare('SELECT path, pages FROM files').all() as { path: string; pages: number | null }[]).map((f) => [f.path, f.pages]));
  expect(typeof r.answer, asked).toBe('string');
  expect(r.answer.trim().length, asked).toBeGreaterThan(0);
  expect(r.confidence, asked).toBeGreaterThanOrEqual(0);
  expect(r.confidence, asked).toBeLessThanOrEqual(1);
  expect(typeof r.notFound, asked).toBe('boolean');
  if (r.notFound) expect(r.citations, asked).toEqual([]);
  for (const c of r.citations) {
    expect(files.has(c.path), `${asked}: cites ${c.path}`).toBe(true);
    if (c.page !== null) {
      expect(Number.isInteger(c.page) && c.page >= 1, asked).toBe(true);
      const pages = files.get(c.path);
      if (pages) expect(c.page, asked).toBeLessThanOrEqual(pages);
    }
  }
  // The listed passages: each once, from an indexed file, best first, scored 0..1.
  const ids = r.passages.map((p) => p.chunkId);
  expect(new Set(ids).size, asked).toBe(ids.length);
  r.passages.forEach((p, i) => {
    expect(files.has(p.path), asked).toBe(true);
    expect(p.score, asked).toBeGreaterThanOrEqual(0);
    expect(p.score, asked).toBeLessThanOrEqual(1);
    if (i > 0) expect(r.passages[i - 1]!.score, asked).toBeGreaterThanOrEqual(p.score);
  });
  expect(r.stages.map((s) => s.stage)[0], asked).toBe('rewrite');
  expect(r.stages.at(-1)!.stage, asked).toBe('confidence');
}

describe('ask on questions it has never seen', () => {
  it(`keeps its contract on ${CONVERSATIONS} generated conversations, asked turn by turn`, async () => {
    const pages = fixture.store.db.prepare('SELECT COUNT(*) AS n FROM files WHERE pages > 1').get() as { n: number };
    expect(pages.n).toBeGreaterThan(0);
    let asked = 0;
    for (let n = 0; n < CONVERSATIONS; n++) {
      await letTheEventLoopRun();
      const { query, history } = generatedConversation(n);
      let session: string | undefined;
      for (const question of [...history.filter((m) => m.role === 'user').map((m) => m.text), query]) {
        const r = await ask(fixture.store, question, { session });
        await r.prepared;
        expectContract(fixture.store, r, JSON.stringify(question.slice(0, 80)));
        session = r.session;
        asked++;
      }
    }
    expect(asked).toBeGreaterThan(CONVERSATIONS);
  }, 600_000);
});
