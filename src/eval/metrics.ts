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
