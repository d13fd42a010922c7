import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionStore } from '../../src/pipeline/answer/sessions.js';
import { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { SCHEMA_VERSION } from '../../src/pipeline/store/schema.js';
import { tempDir } from '../helpers/tmp.js';

describe('sessions in the index file', () => {
  it('keep an answer\'s sources, and read turns kept by an index made before they were', () => {
    const t = tempDir();
    try {
      const path = join(t.dir, 'index.sqlite');
      let store = IndexStore.open(path);
      // The index as the version before sources were kept left it: no citations column, one turn.
      store.db.exec('ALTER TABLE session_turns DROP COLUMN citations');
      store.setMeta('schema_version', String(SCHEMA_VERSION - 1));
      const id = new SessionStore(store).create('Wat is houtmulch?', undefined, 1000);
      store.db.prepare('INSERT INTO session_turns(session_id, ordinal, question, rewrite, answer, created_at) VALUES (?, 0, ?, NULL, ?, 1000)').run(id, 'Wat is houtmulch?', 'Versnipperd hout [houtmulch.md].');
      store.close();

      store = IndexStore.open(path);
      expect(store.schemaVersion()).toBe(SCHEMA_VERSION);
      const sessions = new SessionStore(store);
      const cited = { path: '/docs/houtmulch.md', page: null, quote: '45 euro per kuub.', context: { before: 'Prijs ', after: '' } };
      sessions.append(id, { question: 'en de prijs?', answer: '45 euro per kuub. [houtmulch.md]', citations: [cited] }, 2000);
      expect(sessions.turns(id).map((x) => x.citations)).toEqual([undefined, [cited]]);
      store.close();
    } finally {
      t.cleanup();
    }
  });

  it('keep turns across reopenings, give the Rewrite stage its history, list and delete', () => {
    const t = tempDir();
    try {
      const path = join(t.dir, 'index.sqlite');
      let store = IndexStore.open(path);
      let sessions = new SessionStore(store);
      const id = sessions.create('Wat is houtmulch?', undefined, 1000);
      sessions.append(id, { question: 'Wat is houtmulch?', answer: 'Versnipperd hout [houtmulch.md].' }, 1000);
      store.close();

      store = IndexStore.open(path);
      sessions = new SessionStore(store);
      sessions.append(id, { question: 'en de prijs?', answer: '45 euro per kuub [houtmulch.md].' }, 2000);
      expect(sessions.history(id)).toEqual([
        { role: 'user', text: 'Wat is houtmulch?' },
        { role: 'assistant', text: 'Versnipperd hout [houtmulch.md].' },
        { role: 'user', text: 'en de prijs?' },
        { role: 'assistant', text: '45 euro per kuub [houtmulch.md].' },
      ]);
      const other = sessions.create('how many PDFs?', 'work-1', 1500);
      expect(sessions.list().map((s) => [s.id, s.turns, s.title])).toEqual([
        [id, 2, 'Wat is houtmulch?'],
        [other, 0, 'how many PDFs?'],
      ]);
      expect(sessions.delete(id)).toBe(true);
      expect(sessions.delete(id)).toBe(false);
      expect(sessions.exists(id)).toBe(false);
      expect(store.db.prepare('SELECT COUNT(*) AS n FROM session_turns').get()).toEqual({ n: 0 });
      store.close();
    } finally {
      t.cleanup();
    }
  });

  it('refuses a malformed id and a turn for a session that does not exist', () => {
    const t = tempDir();
    const store = IndexStore.open(join(t.dir, 'index.sqlite'));
    try {
      const sessions = new SessionStore(store);
      expect(() => sessions.create('q', '../etc/passwd')).toThrow(/not a session id/);
      expect(() => sessions.append('nope', { question: 'q', answer: 'a' })).toThrow(/no session "nope"/);
      expect(sessions.exists('bad id!')).toBe(false);
    } finally {
      store.close();
      t.cleanup();
    }
  });
});
