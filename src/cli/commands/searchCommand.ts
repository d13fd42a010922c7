import type { Embedder } from '../../pipeline/models/embedder.js';
import { hybridSearch } from '../../pipeline/search/hybridSearch.js';
import { DocentError } from '../../shared/errors.js';
import { openStore, queryEmbedder, type GlobalOptions } from '../context.js';
import { printJson, renderMarks } from '../output.js';

export async function runSearch(text: string, opts: GlobalOptions & { k: number; json?: boolean }): Promise<void> {
  if (!text.trim()) throw new DocentError('the search text is empty', 'Give some words to search for.');
  const store = openStore(opts);
  let embedder: Embedder | undefined;
  try {
    let note: string | undefined;
    ({ embedder, note } = await queryEmbedder(store));
    const result = await hybridSearch(store, text, { k: opts.k, embedder });
    if (result.vectorsPending > 0 && !note) {
      note = `${result.vectorsPending} chunks have no vector yet; they were searched by keywords only`;
    }
    if (opts.json) {
      printJson({
        hits: result.hits.map((h) => ({ path: h.path, page: h.page, snippet: h.snippet, score: h.score })),
        mode: result.mode,
        ...(note ? { note } : {}),
      });
      return;
    }
    if (result.hits.length === 0) process.stdout.write('No matches.\n');
    result.hits.forEach((h, i) => {
      const where = h.page ? `  p.${h.page}` : '';
      process.stdout.write(`${i + 1}. ${h.path}${where}  (${h.score.toFixed(4)})\n   ${renderMarks(h.snippet)}\n`);
    });
    if (note) process.stderr.write(`note: ${note}\n`);
  } finally {
    await embedder?.close();
    store.close();
  }
}
