import { useEffect, useRef, useState } from 'react';
import { addedWords, QUESTION_MAX, withNearestWords, type Answer, type ResultOf } from '../../shared/api';
import { api, confidenceInWords, failureText, fileName, openFile } from '../client';
import { AnswerText, CitationChip } from './AnswerText';
import { LengthCounter } from './LengthCounter';
import { Snippet } from './Snippet';

interface Turn {
  id: string;
  question: string;
  answer?: Answer;
  /** A turn of an earlier visit, as the sessions store keeps it: its text and its sources. */
  past?: Pick<Answer, 'answer' | 'citations'> & { searchedFor: string | null };
  error?: string;
  stages: string[];
}

let counter = 0;
const newId = (): string => `q${Date.now().toString(36)}${(counter++).toString(36)}`;

/** The "Searched for" chip: the rewrite, editable; Enter searches the edited words instead. */
function SearchedFor({ answer, onEdit }: { answer: Answer; onEdit: (text: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(answer.rewrite.resolved_query);
  if (editing) {
    return (
      <form
        className="chip editing"
        onSubmit={(e) => {
          e.preventDefault();
          setEditing(false);
          if (text.trim()) onEdit(text.trim());
        }}
      >
        <label>
          Search for <input autoFocus value={text} onChange={(e) => setText(e.target.value)} onKeyDown={(e) => e.key === 'Escape' && setEditing(false)} aria-label="Search for" />
        </label>
      </form>
    );
  }
  // The words searched beside the question are shown too: they are why a passage was found.
  const added = addedWords(answer.rewrite);
  return (
    <button type="button" className="chip" title="Edit what was searched, and search again" onClick={() => setEditing(true)}>
      Searched for: <strong>{answer.rewrite.resolved_query}</strong>
      {added ? <span className="chip-added" title="Also searched: words from your conversation and related terms"> + {added}</span> : null}
      {answer.rewrite.kinds.includes('conversational') ? <span className="chip-note"> (from your conversation)</span> : null} ✎
    </button>
  );
}

function AnswerView({ question, answer, onEdit, onAsk }: { question: string; answer: Answer; onEdit: (text: string) => void; onAsk: (question: string) => void }) {
  // A not-found answer's nearest passages are shown as cards that open them, under the answer's
  // own words for them ("The nearest passages:"), not once more as its text's list.
  const nearest = answer.notFound && answer.hits.length > 0;
  const lines = answer.answer.split('\n');
  const said = nearest ? { ...answer, answer: lines[0] ?? '' } : answer;
  const nearestTitle = nearest && lines[1] && !lines[1].startsWith('- ') ? lines[1] : 'The nearest passages:';
  const instead = answer.notFound ? withNearestWords(question, answer.absent) : undefined;
  // The answer's inline [file p.N] marks are chips that open the page (which source says what);
  // the sources are listed once more below, as chips, each cited sentence shown on hover.
  return (
    <div className={answer.notFound ? 'answer not-found' : 'answer'}>
      <SearchedFor answer={answer} onEdit={onEdit} />
      <AnswerText answer={said} />
      {answer.notes.map((n, i) => (
        <p key={i} className="note">
          {n}
        </p>
      ))}
      {instead && (
        <p className="instead">
          <button type="button" onClick={() => onAsk(instead)}>
            Ask “{instead}” instead
          </button>
        </p>
      )}
      <p className="confidence">
        {confidenceInWords(answer.confidence)} ({Math.round(answer.confidence * 100)}%)
      </p>
      <Sources citations={answer.citations} />
      {nearest && (
        <>
          <p className="nearest-title">{nearestTitle}</p>
          <ul className="nearest" aria-label="Nearest passages">
            {answer.hits.slice(0, 3).map((h) => (
              <li key={h.chunkId}>
                <button type="button" className="citation" onClick={() => void openFile(h.path, h.page)}>
                  <span className="citation-file">
                    {fileName(h.path)}
                    {h.page ? ` p.${h.page}` : ''}
                  </span>
                  <Snippet text={h.snippet} />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** An answer's sources, as chips. */
function Sources({ citations }: Pick<Answer, 'citations'>) {
  if (citations.length === 0) return null;
  return (
    <ol className="citations" aria-label="Sources">
      {citations.map((c, i) => (
        <li key={i}>
          <CitationChip citation={c} />
        </li>
      ))}
    </ol>
  );
}

type SessionSummary = ResultOf<'chat:sessions'>['sessions'][number];

/** What is being done once a stage has ended, in words for people (the stages' own names stay in the CLI's --explain). */
const AFTER_STAGE: Record<string, string> = {
  rewrite: 'Deciding where to look…',
  plan: 'Searching your files…',
  search: 'Reading the passages found…',
  filesystem: 'Counting…',
  map: 'Weighing what they say…',
  filter: 'Writing the answer…',
  reduce: 'Checking the answer…',
  confidence: 'Checking the answer…',
};

/** Where the conversation open in the chat is remembered across reloads. */
const OPEN_SESSION = 'docent.chat.session';
const remembered = (): string | undefined => {
  try {
    return localStorage.getItem(OPEN_SESSION) ?? undefined;
  } catch {
    return undefined;
  }
};
const remember = (id: string | undefined): void => {
  try {
    if (id) localStorage.setItem(OPEN_SESSION, id);
    else localStorage.removeItem(OPEN_SESSION);
  } catch {
    /* storage may be off: the list still finds the conversation */
  }
};

/** The conversations kept in the index: open one to continue it, rename it, delete it. */
function Conversations({ sessions, current, onOpen, onRenamed, onDeleted }: { sessions: SessionSummary[]; current?: string; onOpen: (id: string) => void; onRenamed: () => void; onDeleted: (id: string) => void }) {
  const [renaming, setRenaming] = useState<string>();
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState('');
  // Where the keyboard's focus goes once the list has drawn again (after a rename or a delete).
  const [focusOn, setFocusOn] = useState<string>();
  const list = useRef<HTMLUListElement>(null);
  const openButtons = (): HTMLButtonElement[] => [...(list.current?.querySelectorAll<HTMLButtonElement>('button.conversation-open') ?? [])];
  useEffect(() => {
    if (!focusOn) return;
    openButtons().find((b) => b.dataset.session === focusOn)?.focus();
    setFocusOn(undefined);
  }, [focusOn, sessions, renaming]);
  const startRename = (s: SessionSummary): void => {
    setTitle(s.title);
    setRenaming(s.id);
  };
  const stopRename = (id: string): void => {
    setRenaming(undefined);
    setFocusOn(id);
  };
  const remove = (id: string): void => {
    // The keyboard's place moves to the next conversation (or the one before the last).
    const at = sessions.findIndex((x) => x.id === id);
    const next = sessions[at + 1] ?? sessions[at - 1];
    void api.call('chat:deleteSession', { id }).then(() => {
      if (next) setFocusOn(next.id);
      onDeleted(id);
    }, (err: unknown) => setProblem(failureText(err)));
  };
  /** Up and down, Home and End move between conversations; F2 renames the one with the focus. */
  const onListKey = (e: React.KeyboardEvent): void => {
    const buttons = openButtons();
    const at = buttons.indexOf(e.target as HTMLButtonElement);
    if (at < 0) return;
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      buttons[Math.max(0, Math.min(buttons.length - 1, to))]?.focus();
    } else if (e.key === 'F2') {
      e.preventDefault();
      const s = sessions.find((x) => x.id === buttons[at]!.dataset.session);
      if (s) startRename(s);
    }
  };
  if (sessions.length === 0) return <p className="muted conversations-empty">Your conversations are kept here.</p>;
  return (
    <div>
      <ul className="conversation-list" ref={list} onKeyDown={onListKey} aria-describedby="conversation-keys">
        {sessions.map((s) =>
          renaming === s.id ? (
            <li key={s.id}>
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void api.call('chat:renameSession', { id: s.id, title }).then(
                    () => {
                      stopRename(s.id);
                      setProblem('');
                      onRenamed();
                    },
                    (err: unknown) => setProblem(failureText(err)),
                  );
                }}
              >
                <input aria-label="New title" value={title} maxLength={80} autoFocus onChange={(e) => setTitle(e.target.value)} onKeyDown={(e) => e.key === 'Escape' && stopRename(s.id)} />
              </form>
            </li>
          ) : (
            <li key={s.id} className={s.id === current ? 'conversation current' : 'conversation'}>
              <button type="button" className="conversation-open" data-session={s.id} aria-current={s.id === current ? 'true' : undefined} aria-keyshortcuts="F2" onClick={() => onOpen(s.id)}>
                <span className="conversation-title">{s.title}</span>
                <span className="muted">
                  {' '}
                  · {s.turns} {s.turns === 1 ? 'question' : 'questions'}
                </span>
              </button>
              <button
                type="button"
                className="secondary small"
                aria-label={`Rename “${s.title}”`}
                onClick={() => startRename(s)}
              >
                Rename
              </button>
              <button type="button" className="secondary small" aria-label={`Delete “${s.title}”`} onClick={() => remove(s.id)}>
                Delete
              </button>
            </li>
          ),
        )}
      </ul>
      <p className="muted keys" id="conversation-keys">
        ↑ ↓ move · Enter opens · F2 renames · Alt+N new chat
      </p>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/** The chat: questions and follow-ups in one session, each answer with its rewrite chip, sources and confidence. */
export function Chat({ initialQuestion }: { initialQuestion?: { text: string; at: number } }) {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [session, setSession] = useState<string>();
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const asked = useRef<number | undefined>(undefined);
  const sessionRef = useRef<string | undefined>(undefined);
  const bottom = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [sessions, setSessions] = useState<SessionSummary[]>([]);
  const refreshSessions = (): Promise<SessionSummary[]> =>
    api.call('chat:sessions', {}).then(
      (r) => {
        setSessions(r.sessions);
        return r.sessions;
      },
      () => [],
    );

  /** Shows a kept conversation and continues it with the next question. */
  async function open(id: string): Promise<void> {
    try {
      const kept = await api.call('chat:session', { id });
      sessionRef.current = id;
      setSession(id);
      remember(id);
      setTurns(kept.turns.map((t) => ({ id: newId(), question: t.question, past: { answer: t.answer, citations: t.citations, searchedFor: t.searchedFor }, stages: [] })));
    } catch {
      // Deleted meanwhile (in another window, by the CLI): a new chat.
      remember(undefined);
    }
  }

  function startNew(): void {
    sessionRef.current = undefined;
    setSession(undefined);
    setTurns([]);
    remember(undefined);
    input.current?.focus();
  }

  // Alt+N: a new chat, from anywhere in the view (by the key's place: macOS's Option+N types a character).
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.altKey && !e.ctrlKey && !e.metaKey && e.code === 'KeyN') {
        e.preventDefault();
        startNew();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    // After a reload, the conversation that was open is open again.
    void refreshSessions().then((list) => {
      const id = remembered();
      if (id && !sessionRef.current && list.some((s) => s.id === id)) void open(id);
    });
  }, []);

  useEffect(() => api.on('chat:stage', (e) => setTurns((ts) => ts.map((t) => (t.id === e.requestId ? { ...t, stages: [...t.stages, AFTER_STAGE[e.stage] ?? 'Working on it…'] } : t)))), []);
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [turns]);

  async function send(question: string, searchFor?: string): Promise<void> {
    const id = newId();
    setTurns((ts) => [...ts, { id, question, stages: [] }]);
    setBusy(true);
    try {
      const answer = await api.call('chat:ask', { question, requestId: id, ...(sessionRef.current ? { session: sessionRef.current } : {}), ...(searchFor ? { searchFor } : {}) });
      sessionRef.current = answer.session;
      setSession(answer.session);
      remember(answer.session);
      void refreshSessions();
      setTurns((ts) => ts.map((t) => (t.id === id ? { ...t, answer } : t)));
    } catch (err) {
      setTurns((ts) => ts.map((t) => (t.id === id ? { ...t, error: failureText(err) } : t)));
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    // The same words asked again from the launcher are a new question.
    if (initialQuestion && asked.current !== initialQuestion.at) {
      asked.current = initialQuestion.at;
      void send(initialQuestion.text);
    }
  }, [initialQuestion]);

  return (
    <div className="chat-layout">
    <nav className="conversations" aria-label="Conversations">
      <Conversations sessions={sessions} current={session} onOpen={(id) => void open(id)} onRenamed={() => void refreshSessions()} onDeleted={(id) => {
        if (id === sessionRef.current) startNew();
        void refreshSessions();
      }} />
    </nav>
    <section className="chat" aria-label="Chat">
      <div className="turns" aria-live="polite">
        {turns.length === 0 && <p className="empty">Ask anything about your files. Follow-ups like “and the price?” continue the conversation.</p>}
        {turns.map((t) => (
          <article key={t.id} className="turn">
            <p className="question">{t.question}</p>
            {t.answer ? (
              <AnswerView question={t.question} answer={t.answer} onEdit={(text) => void send(t.question, text)} onAsk={(q) => void send(q)} />
            ) : t.past ? (
              <div className="answer past">
                {t.past.searchedFor && t.past.searchedFor !== t.question ? <p className="chip-note">Searched for: {t.past.searchedFor}</p> : null}
                <AnswerText answer={t.past} />
                <Sources citations={t.past.citations} />
              </div>
            ) : t.error ? (
              <p className="error" role="alert">
                {t.error}
              </p>
            ) : (
              <p className="working">{t.stages.at(-1) ?? 'Reading your question…'}</p>
            )}
          </article>
        ))}
        <div ref={bottom} />
      </div>
      <form
        className="ask"
        onSubmit={(e) => {
          e.preventDefault();
          const q = draft.trim();
          if (!q || busy) return;
          setDraft('');
          void send(q);
        }}
      >
        <input ref={input} aria-label="Your question" aria-describedby="question-length" placeholder={session ? 'Ask a follow-up…' : 'Ask a question…'} value={draft} maxLength={QUESTION_MAX} onChange={(e) => setDraft(e.target.value)} autoFocus />
        <LengthCounter length={draft.length} id="question-length" />
        <button type="submit" disabled={busy || !draft.trim()}>
          Ask
        </button>
        <button type="button" className="secondary" aria-keyshortcuts="Alt+N" title="Alt+N" onClick={startNew}>
          New chat
        </button>
      </form>
    </section>
    </div>
  );
}
