import { useEffect, useState } from 'react';
import type { ResultOf, Settings as SettingsT } from '../../shared/api';
import { api, ApiFailure } from '../client';

const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(bytes < 2 ** 20 ? 2 : 0)} MB`;

/** Settings: hotkey, what is indexed, which models answer, how the rewrite reads the conversation; and the models. */
export function Settings() {
  const [settings, setSettings] = useState<SettingsT>();
  const [models, setModels] = useState<ResultOf<'models:list'>>();
  const [message, setMessage] = useState('');

  useEffect(() => {
    void api.call('settings:get', {}).then(setSettings);
    void api.call('models:list', {}).then(setModels);
  }, []);
  if (!settings) return <p>Loading settings…</p>;
  const set = (patch: Partial<SettingsT>): void => setSettings({ ...settings, ...patch });
  const ggufs = models?.installed.filter((m) => m.kind === 'gguf') ?? [];
  const encoders = models?.installed.filter((m) => m.kind === 'onnx') ?? [];

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
            (err: ApiFailure) => setMessage(err.message),
          );
        }}
      >
        <fieldset>
          <legend>Launcher</legend>
          <label>
            Hotkey <input value={settings.hotkey} onChange={(e) => set({ hotkey: e.target.value })} />
          </label>
        </fieldset>
        <fieldset>
          <legend>Indexing</legend>
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
      {models && (
        <div className="models">
          <h3>Installed models</h3>
          <p className="muted">In {models.folder}</p>
          {models.installed.length === 0 ? (
            <p>None yet: the built-in engines answer. Put a .gguf file in the models folder, or download one with <code>docent models download</code>.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Size</th>
                  <th scope="col">SHA-256</th>
                </tr>
              </thead>
              <tbody>
                {models.installed.map((m) => (
                  <tr key={m.name}>
                    <td>{m.name}</td>
                    <td>{m.kind}</td>
                    <td>{mb(m.size)}</td>
                    <td className="mono">{m.sha256 ? `${m.sha256.slice(0, 16)}…` : 'computing…'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h3>Recommended</h3>
          <ul>
            {models.recommended.map((m) => (
              <li key={m.id}>
                <strong>{m.name}</strong> — {m.purpose} {m.installed ? '(installed)' : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
