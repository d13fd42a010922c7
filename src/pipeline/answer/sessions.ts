import { randomUUID } from 'node:crypto';
import { DocentError } from '../../shared/errors.js';
import type { HistoryMessage, RewriteResult } from '../rewrite/types.js';
import type { IndexStore } from '../store/indexStore.js';
import type { Citation } from './reduce.js';

export interface SessionTurn {
  question: string;
  rewrite?: RewriteResult;
  answer: string;
  /** The answer's sources (none kept by a Docent before they were). */
  citations?: Citation[];
  createdAt: number;
}

export interface SessionInfo {
  id: string;
  title: string;
  turns: number;
  createdAt: number;
  updatedAt: number;
}

const ID = /^[\w-]{1,64}$/;

/** Conversations kept in the index's SQLite file: each turn's question, its rewrite and the answer. */
export class SessionStore {
  constructor(private readonly store: IndexStore) {}

  private static checkId(id: string): void {
    if (!ID.test(id)) throw new DocentError(`"${id}" is not a session id`, 'A session id is 1–64 letters, digits, "-" or "_".');
  }

  /** A new session (id made here unless given); the title is the first question, cut. */
  create(firstQuestion: string, id: string = randomUUID(), now = Date.now()): string {
    SessionStore.checkId(id);
    const title = firstQuestion.trim().replace(/\s+/g, ' ').slice(0, 80) || 'Conversation';
    this.store.db.prepare('INSERT INTO sessions(id, title, created_at, updated_at) VALUES (?, ?, ?, ?)').run(id, title, now, now);
    return id;
  }

  exists(id: string): boolean {
    return ID.test(id) && !!this.store.db.prepare('SELECT 1 FROM sessions WHERE id = ?').get(id);
  }

  append(id: string, turn: Omit<SessionTurn, 'createdAt'>, now = Date.now()): void {
    SessionStore.checkId(id);
    const db = this.store.db;
    db.transaction(() => {
      if (!this.exists(id)) throw new DocentError(`no session "${id}"`, 'List sessions with docent sessions, or start a new one.');
      const { n } = db.prepare('SELECT COUNT(*) AS n FROM session_turns WHERE session_id = ?').get(id) as { n: number };
      db.prepare('INSERT INTO session_turns(session_id, ordinal, question, rewrite, answer, citations, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
        id,
        n,
        turn.question,
        turn.rewrite ? JSON.stringify(turn.rewrite) : null,
        turn.answer,
        turn.citations?.length ? JSON.stringify(turn.citations) : null,
        now,
      );
      db.prepare('UPDATE sessions SET updated_at = ? WHERE id = ?').run(now, id);
    }).immediate();
  }

  turns(id: string): SessionTurn[] {
    SessionStore.checkId(id);
    return (
      this.store.db.prepare('SELECT question, rewrite, answer, citations, created_at AS createdAt FROM session_turns WHERE session_id = ? ORDER BY ordinal').all(id) as Array<{ question: string; rewrite: string | null; answer: string; citations: string | null; createdAt: number }>
    ).map((r) => ({
      question: r.question,
      ...(r.rewrite ? { rewrite: JSON.parse(r.rewrite) as RewriteResult } : {}),
      answer: r.answer,
      ...(r.citations ? { citations: JSON.parse(r.citations) as Citation[] } : {}),
      createdAt: r.createdAt,
    }));
  }

  /** The conversation as the Rewrite stage reads it: the user's words and the answers, in order. */
  history(id: string): HistoryMessage[] {
    return this.turns(id).flatMap((t) => [
      { role: 'user' as const, text: t.question },
      { role: 'assistant' as const, text: t.answer },
    ]);
  }

  list(): SessionInfo[] {
    return this.store.db
      .prepare(
        `SELECT s.id, s.title, s.created_at AS createdAt, s.updated_at AS updatedAt, COUNT(t.ordinal) AS turns
         FROM sessions s LEFT JOIN session_turns t ON t.session_id = s.id GROUP BY s.id ORDER BY s.updated_at DESC, s.id`,
      )
      .all() as SessionInfo[];
  }

  /** Gives a session another title (spaces folded, at most 80 characters); false when there is none. */
  rename(id: string, title: string): boolean {
    SessionStore.checkId(id);
    const t = title.trim().replace(/\s+/g, ' ').slice(0, 80);
    if (!t) return false;
    return this.store.db.prepare('UPDATE sessions SET title = ? WHERE id = ?').run(t, id).changes > 0;
  }

  /** Deletes a session and its turns; false when there was none. */
  delete(id: string): boolean {
    SessionStore.checkId(id);
    return this.store.db.prepare('DELETE FROM sessions WHERE id = ?').run(id).changes > 0;
  }
}
