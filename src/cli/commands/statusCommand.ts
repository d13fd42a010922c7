import { openStore, type GlobalOptions } from '../context.js';
import { printJson } from '../output.js';

export interface StatusJson {
  files: { indexed: number; skipped: number; failed: number };
  chunks: number;
  vectors: { done: number; pending: number; embedder: string | null };
  types: Record<string, number>;
  roots: string[];
  problems: Array<{ path: string; status: string; reason: string }>;
}

export function collectStatus(opts: GlobalOptions): StatusJson {
  const store = openStore(opts);
  try {
    const counts = store.counts();
    return {
      files: counts.files,
      chunks: counts.chunks,
      vectors: { done: counts.vectors, pending: counts.pendingVectors, embedder: store.embedderInfo()?.id ?? null },
      types: store.typeCounts(),
      roots: store.roots().map((r) => r.path),
      problems: store.problems(),
    };
  } finally {
    store.close();
  }
}

export function runStatus(opts: GlobalOptions & { json?: boolean }): void {
  const s = collectStatus(opts);
  if (opts.json) return printJson(s);
  const out: string[] = [];
  out.push(`Folders: ${s.roots.length ? s.roots.join(', ') : 'none yet (add one with `docent index <folder>`)'}`);
  out.push(`Files: ${s.files.indexed} indexed, ${s.files.skipped} skipped, ${s.files.failed} failed`);
  out.push(`Chunks: ${s.chunks} (${s.vectors.done} with vectors${s.vectors.pending ? `, ${s.vectors.pending} waiting` : ''})`);
  const types = Object.entries(s.types).map(([t, n]) => `${t} ${n}`);
  if (types.length) out.push(`Types: ${types.join(', ')}`);
  if (s.problems.length) {
    out.push('', 'Problems:');
    for (const p of s.problems) out.push(`  ${p.status.padEnd(7)} ${p.path}\n          ${p.reason}`);
  }
  process.stdout.write(out.join('\n') + '\n');
}
