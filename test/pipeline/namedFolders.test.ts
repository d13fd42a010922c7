// A folder the query names (namedFolders.ts): its passages lead others that match the query's words alike, on a real index.
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIDENCE_FEATURES, confidenceFeatures } from '../../src/pipeline/answer/confidence.js';
import { extractiveMap, fileContext, passageTexts } from '../../src/pipeline/answer/mapStage.js';
import { Indexer } from '../../src/pipeline/index/indexer.js';
import { hybridSearch } from '../../src/pipeline/search/hybridSearch.js';
import { foldersWithin, NAMED_FOLDER_BOOST, preferNamedFolders } from '../../src/pipeline/search/namedFolders.js';
import { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { tempDir } from '../helpers/tmp.js';

const t = tempDir('docent-named-folders-');
const root = join(t.dir, 'manuals');
let store: IndexStore;

beforeAll(async () => {
  // Two manuals that say the same about upserts, neither naming itself; PostgreSQL's says it in fewer words.
  const pages: Record<string, string> = {
    'postgresql/upsert.md': 'Upserts\n\nAn upsert inserts a row or updates the row that is there already.\n',
    'sqlite/upsert.md': 'Upserts\n\nAn upsert inserts a row or updates the row that is there already, as its clause says.\n',
    'sqlite/nested/limits.md': 'Limits\n\nA table holds at most 2000 columns.\n',
    // Another manual's sentence says more of the question's words than the named manual's answer.
    'git/config.md': 'Credentials\n\nIf it is not set, git falls back to the default it reads from the SSH_ASKPASS environment variable.\n',
    'python/os.md': 'Process parameters\n\nos.getenv(key, default=None): Return the value of the environment variable key if it exists.\n',
  };
  for (const [file, text] of Object.entries(pages)) {
    mkdirSync(join(root, dirname(file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  store = IndexStore.open(join(t.dir, 'index.sqlite'));
  await new Indexer(store).indexRoot(root);
});
afterAll(() => {
  store.close();
  t.cleanup();
});

const folderOfFirst = async (query: string): Promise<string[]> => (await hybridSearch(store, query, { k: 5 })).hits.map((h) => basename(dirname(h.path)));

describe('a folder the query names', () => {
  it('puts its passages before another folder\'s that match the words as well', async () => {
    expect(await folderOfFirst('upsert row sqlite')).toEqual(['sqlite', 'postgresql']);
    expect(await folderOfFirst('upsert row postgresql')).toEqual(['postgresql', 'sqlite']);
    // A query that names no folder: the words alone decide.
    expect(await folderOfFirst('upsert row')).toEqual(['postgresql', 'sqlite']);
  });

  it('is a preference, not a filter: every candidate stays, and a passage elsewhere that matches much better still leads', () => {
    const ids = (store.db.prepare("SELECT c.id, f.path FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path LIKE '%upsert.md'").all() as { id: number; path: string }[]);
    const pg = ids.find((r) => r.path.includes('postgresql'))!.id;
    const lite = ids.find((r) => r.path.includes('sqlite'))!.id;
    const close = [{ id: pg, score: 1 }, { id: lite, score: 0.9 }];
    expect(preferNamedFolders(store, close, ['sqlite']).map((r) => r.id)).toEqual([lite, pg]);
    const far = [{ id: pg, score: 1 }, { id: lite, score: 0.9 / (1 + NAMED_FOLDER_BOOST) - 0.01 }];
    expect(preferNamedFolders(store, far, ['sqlite']).map((r) => r.id)).toEqual([pg, lite]);
    expect(preferNamedFolders(store, close, []).map((r) => r.id)).toEqual([pg, lite]);
    expect(preferNamedFolders(store, [], ['sqlite'])).toEqual([]);
  });

  it('counts for Confidence as it counts for Map: an answer filed under the folder the question names covers that word', async () => {
    const question = { resolved_query: 'How many columns can a table hold in SQLite?', keywords: [] };
    const { hits } = await hybridSearch(store, 'columns table hold sqlite', { k: 3 });
    expect(basename(dirname(hits[0]!.path))).toBe('nested');
    const texts = passageTexts(store, hits);
    const facts = await extractiveMap(store, hits, question);
    const byName = confidenceFeatures({ question, facts, hits, texts });
    const byPlace = confidenceFeatures({ question, facts, hits, texts, placeOf: fileContext(store) });
    const covered = (f: number[]): number => f[CONFIDENCE_FEATURES.indexOf('passage_coverage')]!;
    expect(covered(byPlace)).toBeGreaterThan(covered(byName));
  });

  it('leads Map\'s facts too: a sentence of another folder\'s file that says more of the other words comes second', async () => {
    const firstFact = async (q: string): Promise<string> => {
      const { hits } = await hybridSearch(store, q, { k: 5 });
      const facts = await extractiveMap(store, hits, { resolved_query: q, keywords: [] });
      return basename(dirname(facts[0]!.path));
    };
    expect(await firstFact('How do I read an environment variable in Python and fall back to a default when it is not set?')).toBe('python');
    // Named by no folder, the words decide.
    expect(await firstFact('How do I read an environment variable and fall back to a default when it is not set?')).toBe('git');
  });

  it('reads the folders between the innermost indexed folder and the file, and none outside them', async () => {
    const folders = foldersWithin(store);
    expect(folders(join(root, 'sqlite', 'nested', 'limits.md'))).toEqual(['sqlite', 'nested']);
    expect(folders(join(root, 'top.md'))).toEqual([]);
    expect(folders(join(t.dir, 'elsewhere', 'notes.md'))).toEqual([]);
    await new Indexer(store).indexRoot(join(root, 'sqlite'));
    expect(foldersWithin(store)(join(root, 'sqlite', 'nested', 'limits.md'))).toEqual(['nested']);
  });
});
