/** nDCG@k with graded relevance (gain = the qrels score), as in the shared reference scorer. */
export function ndcgAt(ranked: readonly string[], relevant: ReadonlyMap<string, number>, k: number): number {
  let dcg = 0;
  ranked.slice(0, k).forEach((id, i) => (dcg += (relevant.get(id) ?? 0) / Math.log2(i + 2)));
  const ideal = [...relevant.values()]
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);
  return ideal > 0 ? dcg / ideal : 0;
}

/** Share of the relevant passages found in the top k. */
export function recallAt(ranked: readonly string[], relevant: ReadonlyMap<string, number>, k: number): number {
  if (relevant.size === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  let found = 0;
  for (const id of relevant.keys()) if (top.has(id)) found++;
  return found / relevant.size;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export function mean(values: readonly number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

/** 1-based rank of the first item `isRelevant` accepts among the first k, or null. */
export function firstRelevantRank<T>(ranked: readonly T[], isRelevant: (item: T) => boolean, k: number): number | null {
  const i = ranked.slice(0, k).findIndex(isRelevant);
  return i < 0 ? null : i + 1;
}

/**
 * Area under the ROC curve of scores meant to be higher for positives: the chance that a random
 * positive outscores a random negative, ties counting half. 0.5 is no signal.
 */
export function auroc(positives: readonly number[], negatives: readonly number[]): number {
  if (positives.length === 0 || negatives.length === 0) return 0.5;
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
}
