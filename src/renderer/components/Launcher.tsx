import { useEffect, useRef, useState } from 'react';
import { QUESTION_MAX, type Hit } from '../../shared/api';
import { api, desktop, desktopCall, failureText, fileName, openFile } from '../client';
import { count, folderPlace } from '../../shared/words';
import { LengthCounter } from './LengthCounter';
import { Snippet } from './Snippet';

/**
 * The launcher: type and the results follow (debounced); ↑/↓ to move, Enter to open,
 * Ctrl+Shift+C to copy the path, Ctrl+Enter to ask the same words in the chat, Esc to hide.
 */
export function Launcher({ onAsk }: { onAsk: (question: string) => void }) {
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<Hit[]>([]);
  const [selected, setSelected] = useState(0);
  const [message, setMessage] = useState('');
  // The search text with a word no file has replaced by the word of the files it is likeliest a slip of.
  const [suggestion, setSuggestion] = useState<string>();
  // While meaning vectors are still being made, results lean on keywords for the passages without one: said so.
  const [vectorsLeft, setVectorsLeft] = useState<{ done: number; total: number }>();
  // The indexed folders: a result shows where it lies under one ("Manuals › heat-pump"), its full path on hover.
  const [folders, setFolders] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const readStatus = (): void => {
      void api.call('index:status', {}).then(
        (s) => {
          setVectorsLeft(s.pendingVectors > 0 && s.embedder !== 'keywords only' ? { done: s.vectors, total: s.vectors + s.pendingVectors } : undefined);
          setFolders(s.folders.map((f) => f.path));
        },
        () => undefined,
      );
    };
    readStatus();
    return api.on('index:progress', (p) => {
      setVectorsLeft(p.state === 'embedding' && p.filesDone < p.filesTotal ? { done: p.filesDone, total: p.filesTotal } : p.state === 'idle' ? undefined : (v) => v);
      // A folder added or removed since: read them again once the index is at rest.
      if (p.state === 'idle') readStatus();
    });
  }, []);

  useEffect(() => {
    input.current?.focus();
    // The launcher window is shown again by the hotkey: ready to type over the last search.
    const onFocus = (): void => input.current?.select();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);
  useEffect(() => {
    const text = query.trim();
    if (!text) {
      setHits([]);
      setMessage('');
      setSuggestion(undefined);
      return;
    }
    let stale = false;
    const timer = setTimeout(() => {
      api.call('search:query', { text, k: 8 }).then(
        (r) => {
          if (stale) return;
          setHits(r.hits);
          setSelected(0);
          setSuggestion(r.didYouMean);
          setMessage(r.hits.length ? '' : 'Nothing in your files matches this.');
        },
        (err: unknown) => !stale && setMessage(failureText(err)),
      );
    }, 120);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [query]);

  const onKeyDown = (e: React.KeyboardEvent): void => {
    const hit = hits[selected];
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setSelected((s) => Math.min(hits.length - 1, s + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setSelected((s) => Math.max(0, s - 1));
    } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      if (query.trim()) onAsk(query.trim());
    } else if (e.key === 'Enter' && hit) {
      e.preventDefault();
      void openFile(hit.path, hit.page);
    } else if (e.key.toLowerCase() === 'c' && e.shiftKey && (e.ctrlKey || e.metaKey) && hit) {
      e.preventDefault();
      void navigator.clipboard.writeText(hit.path).then(() => setMessage(`Copied ${hit.path}`), () => setMessage(hit.path));
    } else if (e.key === 'Escape') {
      if (desktop) void desktopCall('app:hideLauncher', {});
      else setQuery('');
    }
  };

  return (
    <section className="launcher" aria-label="Search your files">
      <input
        ref={input}
        className="launcher-input"
        type="search"
        placeholder="Search your files…"
        aria-label="Search your files"
        aria-controls="launcher-results"
        aria-activedescendant={hits[selected] ? `hit-${selected}` : undefined}
        value={query}
        maxLength={QUESTION_MAX}
        aria-describedby="launcher-length"
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <LengthCounter length={query.length} id="launcher-length" />
      {suggestion && (
        <p className="did-you-mean">
          Did you mean{' '}
          <button
            type="button"
            className="link"
            onClick={() => {
              setQuery(suggestion);
              input.current?.focus();
            }}
          >
            {suggestion}
          </button>
          ?
        </p>
      )}
      <ul id="launcher-results" className="results" role="listbox" aria-label="Results">
        {hits.map((h, i) => (
          <li
            key={h.chunkId}
            id={`hit-${i}`}
            role="option"
            aria-selected={i === selected}
            className={i === selected ? 'result selected' : 'result'}
            onMouseEnter={() => setSelected(i)}
            onClick={() => void openFile(h.path, h.page)}
          >
            <div className="result-title">
              {fileName(h.path)}
              {h.page ? <span className="page"> p.{h.page}</span> : null}
            </div>
            <Snippet text={h.snippet} />
            <div className="result-path" title={h.path}>
              {folderPlace(h.path, folders)}
            </div>
            {h.alsoIn?.length ? (
              <div className="result-path also-in" title={h.alsoIn.join('\n')}>
                Also in {h.alsoIn.length === 1 ? folderPlace(h.alsoIn[0]!, folders) : `${h.alsoIn.length} other files: ${h.alsoIn.map(fileName).join(', ')}`}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="status-line" role="status">
        {message}
      </p>
      {vectorsLeft && (
        <p className="muted vectors-note">
          Search by meaning is still being prepared ({count(vectorsLeft.done)} of {count(vectorsLeft.total)} passages): until then, the rest are found by their words.
        </p>
      )}
      <p className="hints">
        <kbd>↑</kbd>
        <kbd>↓</kbd> move · <kbd>Enter</kbd> open · <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>C</kbd> copy path · <kbd>Ctrl</kbd>+<kbd>Enter</kbd> ask in chat · <kbd>Esc</kbd>{' '}
        {desktop ? 'hide' : 'clear'}
      </p>
    </section>
  );
}
