import { describe, expect, it } from 'vitest';
import { ndcgAt, percentile, recallAt } from '../../src/eval/metrics.js';

describe('retrieval metrics', () => {
  const rel = new Map([
    ['a', 1],
    ['b', 1],
  ]);

  it('nDCG is 1 for a perfect ranking and discounts later hits by log2', () => {
    expect(ndcgAt(['a', 'b', 'x'], rel, 10)).toBeCloseTo(1);
    // one hit at rank 2 of two relevant: (1/log2 3) / (1 + 1/log2 3)
    expect(ndcgAt(['x', 'a'], rel, 10)).toBeCloseTo(1 / Math.log2(3) / (1 + 1 / Math.log2(3)));
    expect(ndcgAt(['x', 'y'], rel, 10)).toBe(0);
    expect(ndcgAt(['x', 'x', 'x', 'x', 'x', 'a'], rel, 5)).toBe(0);
  });

  it('uses graded gains', () => {
    const graded = new Map([
      ['a', 2],
      ['b', 1],
    ]);
    expect(ndcgAt(['b', 'a'], graded, 10)).toBeLessThan(ndcgAt(['a', 'b'], graded, 10));
  });

  it('recall counts relevant passages in the top k', () => {
    expect(recallAt(['a', 'x', 'b'], rel, 2)).toBe(0.5);
    expect(recallAt(['a', 'x', 'b'], rel, 3)).toBe(1);
    expect(recallAt([], new Map(), 3)).toBe(0);
  });

  it('percentile picks from the sorted values', () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([5, 1, 3, 2, 4], 95)).toBe(5);
  });
});
