import { useEffect, useState } from 'react';
import type { ResultOf, Settings as SettingsT } from '../../shared/api';
import { checkAccelerator } from '../../shared/accelerator';
import { api, desktop, failureText } from '../client';
import { Models } from './Models';

/** Settings: hotkey, what is indexed, which models answer, how the rewrite reads the conversation; and the models. */
export function Settings() {
  const [settings, setSettings] = useState<SettingsT>();
  const [models, setModels] = useState<ResultOf<'models:list'>>();
  const [message, setMessage] = useState('');

  const [folders, setFolders] = useState<string[]>();

  useEffect(() => {
    // A reply that comes late (or twice) never overwrites what the user has started to edit.
    void api.call('settings:get', {}).then((s) => setSettings((current) => current ?? s));
    void api.call('index:status', {}).then((s) => setFolders(s.folders.map((f) => f.path)));
  }, []);
  if (!settings) return <p>Loading settings…</p>;
  const set = (patch: Partial<SettingsT>): void => setSettings({ ...settings, ...patch });
  const ggufs = models?.installed.filter((m) => m.kind === 'gguf') ?? [];
  const encoders = models?.installed.filter((m) => m.kind === 'onnx') ?? [];
  const hotkeyCheck = checkAccelerator(settings.hotkey);

  return (
    <section className="settings" aria-label="Settings">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          api.call('settings:set', settings).then(
            (s) => {
              setSettings(s);
              setMessage('Saved.');
            },
            (err: unknown) => setMessage(failureText(err)),
          );
        }}
      >
        <fieldset>
          <legend>Launcher</legend>
          {desktop ? (
            <>
              <label>
                Hotkey{' '}
                <input value={settings.hotkey} aria-invalid={!hotkeyCheck.ok} aria-describedby="hotkey-help" onChange={(e) => set({ hotkey: e.target.value })} />
              </label>
              <p id="hotkey-help" className={hotkeyCheck.ok ? 'muted' : 'error'}>
                {hotkeyCheck.ok ? 'Shows the search launcher from any app, e.g. CommandOrControl+Shift+Space or Alt+Space.' : hotkeyCheck.error}
              </p>
            </>
          ) : (
            // A browser tab cannot listen for keys pressed in other apps: the hotkey is the desktop app's.
            <p className="muted launcher-note">
              In the browser, the launcher is the Search tab (Alt+1). The desktop app adds a global hotkey ({settings.hotkey}) that opens it from any app; set it there.
            </p>
          )}
        </fieldset>
        <fieldset>
          <legend>Indexing</legend>
          <div className="folder-list">
            {folders === undefined ? null : folders.length === 0 ? (
              <p>No folders yet: add them in Folders (Alt+3) or drop them on this window.</p>
            ) : (
              <>
                <p>Indexed folders (add and remove them in Folders, Alt+3):</p>
                <ul>
                  {folders.map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
              </>
            )}
          </div>
          <label>
            Ignore (one pattern per line, as in .gitignore)
            <textarea rows={3} value={settings.ignorePatterns.join('\n')} onChange={(e) => set({ ignorePatterns: e.target.value.split('\n').map((l) => l.trim()).filter(Boolean) })} />
          </label>
          <label>
            Skip files larger than (MB) <input type="number" min={1} value={settings.maxFileMB} onChange={(e) => set({ maxFileMB: Number(e.target.value) })} />
          </label>
        </fieldset>
        <fieldset>
          <legend>Models</legend>
          <label>
            Search by meaning with
            <select value={settings.embedder} onChange={(e) => set({ embedder: e.target.value })}>
              <option value="use">Built-in sentence encoder</option>
              {encoders.map((m) => (
                <option key={m.name} value={`onnx:${m.name}`}>
                  {m.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            Answer with
            <select value={settings.llm} onChange={(e) => set({ llm: e.target.value })}>
              <option value="auto">The largest installed model</option>
              <option value="none">Built-in engines only (no model)</option>
              {ggufs.map((m) => (
                <option key={m.name} value={m.name}>
                  {m.name}
                </option>
              ))}
            </select>
          </label>
        </fieldset>
        <fieldset>
          <legend>Follow-up questions</legend>
          <label>
            Use earlier turns at least this similar (0–1)
            <input type="number" step={0.05} min={-1} max={1} value={settings.rewrite.similarity_threshold} onChange={(e) => set({ rewrite: { ...settings.rewrite, similarity_threshold: Number(e.target.value) } })} />
          </label>
          <label>
            Use at most this many earlier turns
            <input type="number" min={1} max={20} value={settings.rewrite.max_relevant_turns} onChange={(e) => set({ rewrite: { ...settings.rewrite, max_relevant_turns: Number(e.target.value) } })} />
          </label>
        </fieldset>
        <button type="submit">Save settings</button>
        <p className="status-line" role="status">
          {message}
        </p>
      </form>
      <Models onChange={setModels} />
    </section>
  );
}
