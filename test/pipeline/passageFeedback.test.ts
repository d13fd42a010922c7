import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cosine, normalise } from '../../src/pipeline/models/embedder.js';
import { UseEmbedder } from '../../src/pipeline/models/useEmbedder.js';
import { hybridSearch, mixedQueryVector, weightedKeywordCandidates } from '../../src/pipeline/search/hybridSearch.js';
import { PASSAGE_FEEDBACK_PASSAGES, PASSAGE_FEEDBACK_WEIGHT, withPassageFeedback } from '../../src/pipeline/search/passageFeedback.js';
import type { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { textStore } from '../helpers/textStore.js';

describe('passage feedback: the vector side moved towards the keyword side\'s first passages (real SQLite, sqlite-vec)', () => {
  it('adds the weighted mean of the first-ranked chunks\' stored vectors, skipping chunks without one', () => {
    const { store, cleanup } = textStore([
      ['a.txt', 'alpha'],
      ['b.txt', 'beta'],
      ['c.txt', 'gamma'],
      ['d.txt', 'delta'],
    ]);
    try {
      store.bindEmbedder({ id: 'hand', dimension: 4 });
      const ids = store.pendingChunks(10).map((c) => c.id);
      const unit = (i: number): Float32Array => Float32Array.from({ length: 4 }, (_, j) => (i === j ? 1 : 0));
      // a, b and d get vectors; c stays pending (not embedded yet).
      store.storeVectors([0, 1, 3].map((i) => ({ chunkId: ids[i]!, vector: unit(i) })));
      const query = normalise(Float32Array.from([0, 0, 1, 1]));
      const moved = withPassageFeedback(store, query, [ids[0]!, ids[2]!, ids[1]!, ids[3]!]);
      // The first PASSAGE_FEEDBACK_PASSAGES ranked are a, c, b: c has no vector, d is beyond them.
      expect(PASSAGE_FEEDBACK_PASSAGES).toBe(3);
      const w = PASSAGE_FEEDBACK_WEIGHT / 2;
      const expected = normalise(Float32Array.from([w, w, Math.SQRT1_2, Math.SQRT1_2]));
      expected.forEach((x, i) => expect(moved[i]).toBeCloseTo(x, 6));
      expect(query[0]).toBe(0); // the query vector itself is left as it was
      // Nothing ranked, or nothing embedded among the first: the query vector as it is.
      expect(withPassageFeedback(store, query, [])).toBe(query);
      expect(withPassageFeedback(store, query, [ids[2]!])).toBe(query);
    } finally {
      cleanup();
    }
  });
});

describe('passage feedback in hybrid search (real Universal Sentence Encoder vectors)', () => {
  let store: IndexStore;
  let cleanup: (() => void) | undefined;
  let embedder: UseEmbedder;
  let names = new Map<number, string>();
  beforeAll(async () => {
    ({ store, names, cleanup } = textStore([
      ['bonds-coupon.txt', 'Government bonds pay their holders a fixed coupon twice a year until the bond matures.'],
      ['bonds-rates.txt', 'The main risk of a bond with a fixed coupon: when interest rates rise, its price falls.'],
      ['bonds-safety.txt', 'Treasury bonds carry little default risk, since the government backs them.'],
      ['car-risk.txt', 'The main risk of an old car is a breakdown on the motorway far from a garage.'],
      ['garden-risk.txt', 'Frost is the worst risk for young tomato plants left outside in April.'],
      ['roof-risk.txt', 'A flat roof risks leaking when snow melts and the drain is blocked.'],
    ]));
    embedder = await UseEmbedder.load();
    store.bindEmbedder({ id: embedder.id, dimension: embedder.dimension });
    const pending = store.pendingChunks(100);
    const vectors = await embedder.embed(pending.map((c) => c.text));
    store.storeVectors(pending.map((c, i) => ({ chunkId: c.id, vector: vectors[i]! })));
  });
  afterAll(async () => {
    await embedder?.close();
    cleanup?.();
  });

  it('a follow-up read with its conversation: the vector side ranks higher the passages the conversation\'s words found first', async () => {
    // "what is the main risk?" after a conversation about bonds: the rewrite searches "bonds coupon"
    // beside it, yet the question's vector alone is nearest the other risks.
    const extraTerms = { terms: ['bonds', 'coupon'], weight: 0.5 };
    const options = { embedder, k: 6, candidates: 6, extraTerms, vectorQuery: [{ text: 'what is the main risk?', weight: 1 }], feedback: ['government', 'default'] };
    const keywordFirst = weightedKeywordCandidates(store, { own: ['main', 'risk'], extra: extraTerms, feedback: options.feedback }, 3).map((id) => names.get(id));
    const plain = await hybridSearch(store, 'what is the main risk?', { ...options, passageFeedback: false });
    const fed = await hybridSearch(store, 'what is the main risk?', options);
    const vectorOrder = (r: typeof fed): string[] => r.hits.filter((h) => h.vectorRank !== null).sort((a, b) => a.vectorRank! - b.vectorRank!).map((h) => names.get(h.chunkId)!);
    // The keyword side's first three: two of them about bonds, the coupon passage among them.
    expect(keywordFirst).toEqual(['bonds-rates.txt', 'car-risk.txt', 'bonds-coupon.txt']);
    // The coupon passage has no word of risk: by the question's vector alone it comes after two other risks.
    expect(vectorOrder(plain)).toEqual(['bonds-safety.txt', 'bonds-rates.txt', 'car-risk.txt', 'roof-risk.txt', 'bonds-coupon.txt', 'garden-risk.txt']);
    expect(vectorOrder(fed).indexOf('bonds-coupon.txt')).toBeLessThan(vectorOrder(plain).indexOf('bonds-coupon.txt'));
    // The default follows the conversation feedback: the same as asking for it.
    const asked = await hybridSearch(store, 'what is the main risk?', { ...options, passageFeedback: true });
    expect(asked.hits).toEqual(fed.hits);
    // A question read without its conversation keeps its own vector.
    const { feedback: _none, ...alone } = options;
    expect((await hybridSearch(store, 'what is the main risk?', alone)).hits).toEqual(plain.hits);
  });

  it('moves the query vector towards the first passages and no further than the weight allows', async () => {
    const asked = await mixedQueryVector(embedder, [{ text: 'what is the main risk?', weight: 1 }]);
    const [coupon] = store.vectorsOf([[...names].find(([, n]) => n === 'bonds-coupon.txt')![0]]);
    const moved = withPassageFeedback(store, asked, [[...names].find(([, n]) => n === 'bonds-coupon.txt')![0]]);
    expect(cosine(moved, coupon!)).toBeGreaterThan(cosine(asked, coupon!));
    // Still nearer the question than the passage: the weight is a pull, not a replacement.
    expect(cosine(moved, asked)).toBeGreaterThan(cosine(moved, coupon!));
  });
});
