import { useEffect, useState } from 'react';
import { Chat } from './components/Chat';
import { Folders } from './components/Folders';
import { Launcher } from './components/Launcher';
import { Settings } from './components/Settings';

type View = 'search' | 'chat' | 'folders' | 'settings';
const VIEWS: Array<{ id: View; label: string; key: string }> = [
  { id: 'search', label: 'Search', key: '1' },
  { id: 'chat', label: 'Chat', key: '2' },
  { id: 'folders', label: 'Folders', key: '3' },
  { id: 'settings', label: 'Settings', key: '4' },
];

/** The launcher window shows only the launcher (#launcher); the main window has all views, Alt+1…4 to switch. */
export function App() {
  const launcherOnly = location.hash === '#launcher';
  const [view, setView] = useState<View>('search');
  const [question, setQuestion] = useState<string>();

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const v = e.altKey ? VIEWS.find((x) => x.key === e.key) : undefined;
      if (v) {
        e.preventDefault();
        setView(v.id);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const ask = (q: string): void => {
    setQuestion(q);
    setView('chat');
  };
  if (launcherOnly) return <Launcher onAsk={ask} />;

  return (
    <div className="app">
      <nav className="tabs" role="tablist" aria-label="Docent">
        <span className="brand">Docent</span>
        {VIEWS.map((v) => (
          <button key={v.id} role="tab" aria-selected={view === v.id} aria-controls={`view-${v.id}`} className={view === v.id ? 'tab active' : 'tab'} title={`Alt+${v.key}`} onClick={() => setView(v.id)}>
            {v.label}
          </button>
        ))}
      </nav>
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
