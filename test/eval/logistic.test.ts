import { describe, expect, it } from 'vitest';
import { auc, fitLogistic } from '../../src/eval/logistic.js';
import { rewriteWeights, probability } from '../../src/pipeline/rewrite/lexical/scorer.js';
import weights from '../../src/pipeline/rewrite/lexical/weights.json' with { type: 'json' };

describe('logistic regression (Newton, L2)', () => {
  it('recovers the direction of a known model from its samples', () => {
    // y = 1 when 2·a − 3·b + 0.5 > noise; deterministic pseudo-random samples.
    let seed = 7;
    const rand = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const x: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const a = rand();
      const b = rand();
      x.push([1, a, b]);
      y.push(2 * a - 3 * b + 0.5 + (rand() - 0.5) * 0.5 > 0 ? 1 : 0);
    }
    const w = fitLogistic({ x, y }, 0.01);
    expect(w[1]).toBeGreaterThan(0);
    expect(w[2]).toBeLessThan(0);
    expect(w[2]! / w[1]!).toBeCloseTo(-1.5, 0);
    const scores = x.map((xi) => 1 / (1 + Math.exp(-(w[0]! + w[1]! * xi[1]! + w[2]! * xi[2]!))));
    expect(auc(scores, y)).toBeGreaterThan(0.95);
  });

  it('is deterministic: the same data gives the same weights', () => {
    const data = { x: [[1, 0], [1, 1], [1, 0.5], [1, 0.2]], y: [0, 1, 1, 0] };
    expect(fitLogistic(data)).toEqual(fitLogistic(data));
  });

  it('scores AUC as the chance a positive outranks a negative, ties halved', () => {
    expect(auc([0.9, 0.8, 0.1], [1, 1, 0])).toBe(1);
    expect(auc([0.1, 0.9], [1, 0])).toBe(0);
    expect(auc([0.5, 0.5], [1, 0])).toBe(0.5);
  });
});

describe('committed rewrite weights', () => {
  it('match the features the code computes, and refuse a mismatch', () => {
    const w = rewriteWeights(weights);
    expect(w.term.weights).toHaveLength(w.term.features.length);
    expect(probability(w.term, new Array(w.term.features.length).fill(0))).toBeGreaterThan(0);
    expect(() => rewriteWeights({ ...weights, term: { ...weights.term, features: weights.term.features.slice(1) } })).toThrow(/train:rewrite/);
  });
});
