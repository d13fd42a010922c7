import { useEffect, useState } from 'react';
import { Chat } from './components/Chat';
import { Folders } from './components/Folders';
import { Launcher } from './components/Launcher';
import { Settings } from './components/Settings';
import { api, desktop, desktopCall, failureText } from './client';

type View = 'search' | 'chat' | 'folders' | 'settings';
const VIEWS: Array<{ id: View; label: string; key: string }> = [
  { id: 'search', label: 'Search', key: '1' },
  { id: 'chat', label: 'Chat', key: '2' },
  { id: 'folders', label: 'Folders', key: '3' },
  { id: 'settings', label: 'Settings', key: '4' },
];

/** What a drop did, in a sentence or two. */
function describeDrop(r: { folders: string[]; models: string[]; refused: Array<{ path: string; reason: string }> }): string {
  const parts: string[] = [];
  if (r.folders.length) parts.push(`Indexing ${r.folders.join(', ')}.`);
  if (r.models.length) parts.push(`Added the model ${r.models.join(', ')}.`);
  for (const x of r.refused) parts.push(`Not added: ${x.path}: ${x.reason}.`);
  return parts.join(' ');
}

/**
 * The launcher window shows only the launcher (#launcher); the main window has all views,
 * Alt+1…4 to switch. Folders (and model files) dropped anywhere on either window are added.
 */
export function App() {
  const launcherOnly = location.hash === '#launcher';
  const [view, setView] = useState<View>('search');
  const [question, setQuestion] = useState<{ text: string; at: number }>();
  const [dragging, setDragging] = useState(false);
  const [notice, setNotice] = useState('');
  // No folder yet: the first run, which says what to do (read again whenever the view changes).
  const [firstRun, setFirstRun] = useState(false);
  const [hotkey, setHotkey] = useState<string>();
  useEffect(() => {
    if (launcherOnly) return;
    void api.call('index:status', {}).then((s) => {
      setFirstRun(s.folders.length === 0);
      // The hotkey is named only by the first-run guide.
      if (desktop && s.folders.length === 0) void api.call('settings:get', {}).then((x) => setHotkey(x.hotkey), () => undefined);
    }, () => undefined);
  }, [view]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      // By the key's place (Digit1…), so that macOS's Option+1, which types "¡", switches too.
      const v = e.altKey && !e.ctrlKey && !e.metaKey ? VIEWS.find((x) => e.code === `Digit${x.key}`) : undefined;
      if (v) {
        e.preventDefault();
        setView(v.id);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // The main process asks for a view (tray menu) or a question (from the launcher window).
  useEffect(
    () =>
      desktop?.onCommand((c) => {
        if (c.kind === 'ask') {
          setQuestion({ text: c.question, at: Date.now() });
          setView('chat');
        } else setView(c.view);
      }),
    [],
  );

  const ask = (q: string): void => {
    if (launcherOnly && desktop) {
      void desktopCall('app:openChat', { question: q }).catch((err: unknown) => setNotice(failureText(err)));
      return;
    }
    setQuestion({ text: q, at: Date.now() });
    setView('chat');
  };

  async function onDrop(e: React.DragEvent): Promise<void> {
    e.preventDefault();
    setDragging(false);
    const files = [...e.dataTransfer.files];
    if (files.length === 0) return;
    if (!desktop) {
      setNotice('A browser does not tell Docent where a dropped folder is: type its path in Folders.');
      setView('folders');
      return;
    }
    try {
      const r = await desktopCall('app:drop', { paths: files.map((f) => desktop!.pathForFile(f)) });
      setNotice(describeDrop(r));
      if (!launcherOnly) setView(r.models.length && !r.folders.length ? 'settings' : 'folders');
    } catch (err) {
      setNotice(failureText(err));
    }
  }

  const dropProps = {
    onDragOver: (e: React.DragEvent): void => {
      if (![...e.dataTransfer.types].includes('Files')) return;
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave: (e: React.DragEvent): void => {
      if (e.currentTarget === e.target) setDragging(false);
    },
    onDrop: (e: React.DragEvent): void => void onDrop(e),
  };
  const noticeLine = notice ? (
    <div className="notice" role="status">
      <span>{notice}</span>
      <button type="button" className="secondary" aria-label="Dismiss" onClick={() => setNotice('')}>
        ×
      </button>
    </div>
  ) : null;

  if (launcherOnly) {
    return (
      <div className={dragging ? 'launcher-window dragging' : 'launcher-window'} {...dropProps}>
        {noticeLine}
        <Launcher onAsk={ask} />
      </div>
    );
  }

  return (
    <div className={dragging ? 'app dragging' : 'app'} {...dropProps}>
      <nav className="tabs" role="tablist" aria-label="Docent">
        <span className="brand">Docent</span>
        {VIEWS.map((v) => (
          <button key={v.id} role="tab" aria-selected={view === v.id} aria-controls={`view-${v.id}`} className={view === v.id ? 'tab active' : 'tab'} title={`Alt+${v.key}`} aria-keyshortcuts={`Alt+${v.key}`} onClick={() => setView(v.id)}>
            {v.label}
          </button>
        ))}
      </nav>
      {noticeLine}
      {firstRun && view !== 'folders' && (
        <section className="welcome" aria-label="Getting started">
          <h2>Docent answers from your own files, on this computer.</h2>
          <ol>
            <li>
              <button type="button" onClick={() => setView('folders')}>
                Add a folder
              </button>{' '}
              {desktop ? 'or drop one on this window. ' : ''}Docent reads its PDFs, Word files, web pages, Markdown and text, and keeps up as they change.
            </li>
            <li>Search as you type (Alt+1), or ask in the chat (Alt+2): every answer names the file and page it comes from, and follow-ups such as “and the price?” continue the conversation.</li>
            <li>{desktop ? `Press ${hotkey ?? 'the hotkey'} in any app to open the search launcher (change it in Settings).` : 'In the desktop app, a hotkey opens the search launcher from any app.'}</li>
          </ol>
        </section>
      )}
      {/* Views stay mounted (hidden when not shown): a conversation survives a look at the folders. */}
      <main id="view-search" role="tabpanel" hidden={view !== 'search'}>
        <Launcher onAsk={ask} />
      </main>
      <main id="view-chat" role="tabpanel" hidden={view !== 'chat'}>
        <Chat initialQuestion={question} />
      </main>
      <main id="view-folders" role="tabpanel" hidden={view !== 'folders'}>
        {view === 'folders' && <Folders />}
      </main>
      <main id="view-settings" role="tabpanel" hidden={view !== 'settings'}>
        {view === 'settings' && <Settings />}
      </main>
    </div>
  );
}
