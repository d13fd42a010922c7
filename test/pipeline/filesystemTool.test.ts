import { readdirSync, statSync, utimesSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryFiles } from '../../src/pipeline/answer/filesystemTool.js';
import { plan } from '../../src/pipeline/answer/plan.js';
import { Indexer } from '../../src/pipeline/index/indexer.js';
import { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { copyFixture, tempDir } from '../helpers/tmp.js';

let store: IndexStore;
let cleanup: () => void;
const NOW = new Date(Date.UTC(2026, 10, 21, 12));

beforeAll(async () => {
  const t = tempDir();
  const docs = copyFixture('docs', t.dir);
  // Real modification dates: the 2023 invoice from 2023, everything else from 2024.
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
  for (const f of walk(docs)) {
    const when = basename(f).includes('2023') ? new Date(Date.UTC(2023, 5, 1)) : new Date(Date.UTC(2024, 2, 15));
    utimesSync(f, when, when);
  }
  store = IndexStore.open(join(t.dir, 'index.sqlite'));
  await new Indexer(store).indexRoot(docs);
  cleanup = () => {
    store.close();
    t.cleanup();
  };
});
afterAll(() => cleanup());

const names = (r: ReturnType<typeof queryFiles>): string[] => r.files.map((f) => basename(f.path)).sort();

describe('filesystem tool: exact answers from the files table', () => {
  it('"how many PDFs?" counts every indexed PDF', () => {
    const r = queryFiles(store, plan('How many PDF files are there?', 'count', NOW).filters);
    expect(r.total).toBe(4);
    expect(names(r)).toEqual(['heat-pump-manual.pdf', 'invoice-2023-117.pdf', 'invoice-2024-001.pdf', 'invoice-2024-002.pdf']);
  });

  it('"list my invoices from 2024" applies the folder and the date range', () => {
    const r = queryFiles(store, plan('list the PDFs from 2024 in my invoices folder', 'list', NOW).filters);
    expect(names(r)).toEqual(['invoice-2024-001.pdf', 'invoice-2024-002.pdf']);
    expect(r.total).toBe(2);
  });

  it('"any macbook?" finds the files whose text mentions it', () => {
    const r = queryFiles(store, {}, { contentTerms: ['macbook'] });
    expect(names(r)).toEqual(['invoice-2024-002.pdf']);
  });

  it('matches a word in the file name only, and pages through a long list with an exact total', () => {
    expect(names(queryFiles(store, { nameContains: 'invoice' }))).toHaveLength(3);
    expect(queryFiles(store, { nameContains: 'invoices' }).total).toBe(0); // the folder's name is not the file's
    const first = queryFiles(store, {}, { limit: 2 });
    const second = queryFiles(store, {}, { limit: 2, offset: 2 });
    expect(first.total).toBe(second.total);
    expect(first.files).toHaveLength(2);
    expect(new Set([...names(first), ...names(second)]).size).toBe(4);
  });

  it('treats the user\'s words as text, not SQL or LIKE patterns', () => {
    expect(queryFiles(store, { folder: "%' OR 1=1 --" }).total).toBe(0);
    expect(queryFiles(store, { nameContains: '%' }).total).toBe(0);
  });
});
