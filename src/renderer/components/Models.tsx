import { useCallback, useEffect, useState } from 'react';
import type { EventOf, ResultOf } from '../../shared/api';
import { api, desktop, desktopCall, failureText } from '../client';

type Download = EventOf<'models:progress'>;

export const size = (bytes: number): string => (bytes >= 2 ** 30 ? `${(bytes / 2 ** 30).toFixed(2)} GB` : `${(bytes / 2 ** 20).toFixed(bytes < 2 ** 20 ? 2 : 0)} MB`);

/**
 * The model manager: what is installed (size, checksum), adding a model the user has (pick or
 * type a path; drop one on the window in the desktop app), and the recommended downloads with
 * a progress bar, Stop, and resume. Nothing is downloaded unless the user presses Download.
 */
export function Models({ onChange }: { onChange?: (models: ResultOf<'models:list'>) => void }) {
  const [models, setModels] = useState<ResultOf<'models:list'>>();
  const [downloads, setDownloads] = useState<Record<string, Download>>({});
  const [path, setPath] = useState('');
  const [message, setMessage] = useState('');

  const refresh = useCallback(
    () =>
      void api.call('models:list', {}).then((m) => {
        setModels(m);
        onChange?.(m);
      }),
    [onChange],
  );
  useEffect(() => {
    refresh();
    return api.on('models:progress', (p) => {
      setDownloads((all) => ({ ...all, [p.id]: p }));
      if (p.state === 'done') refresh();
    });
  }, [refresh]);

  async function add(from: string): Promise<void> {
    setMessage('');
    try {
      const r = await api.call('models:add', { path: from });
      setMessage(`Added ${r.name}.`);
      setPath('');
      refresh();
    } catch (err) {
      setMessage(failureText(err));
    }
  }

  if (!models) return <p>Loading models…</p>;
  return (
    <div className="models">
      <h3>Installed models</h3>
      <p className="muted">In {models.folder}</p>
      {models.installed.length === 0 ? (
        <p>None yet: the built-in engines answer. Add a .gguf file below, or download a recommended model.</p>
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
                <td>
                  {m.name}
                  {m.active ? <span className="badge">in use</span> : null}
                </td>
                <td>{m.kind}</td>
                <td>{size(m.size)}</td>
                <td className="mono" title={m.sha256 ?? undefined}>
                  {m.sha256 ? `${m.sha256.slice(0, 16)}…` : 'computing…'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form
        className="add-model"
        onSubmit={(e) => {
          e.preventDefault();
          if (path.trim()) void add(path.trim());
        }}
      >
        <label>
          Add a model you have (a .gguf file, or an ONNX encoder folder)
          <input placeholder="/home/you/Downloads/model.gguf" value={path} onChange={(e) => setPath(e.target.value)} />
        </label>
        <button type="submit">Add model</button>
        {desktop && (
          <button type="button" className="secondary" onClick={() => void desktopCall('app:pickModelFile', {}).then((p) => (p ? add(p) : undefined), (err: unknown) => setMessage(failureText(err)))}>
            Choose file…
          </button>
        )}
      </form>
      <p className="status-line" role="status">
        {message}
      </p>
      <h3>Recommended</h3>
      <p className="muted">Downloaded from the Hugging Face hub only when you press Download; checked against its SHA-256; an interrupted download resumes.</p>
      <ul className="recommended">
        {models.recommended.map((m) => {
          const d = downloads[m.id];
          const running = d?.state === 'downloading';
          const pct = d?.total ? Math.floor((d.received / d.total) * 100) : undefined;
          return (
            <li key={m.id} aria-label={m.name}>
              <div>
                <strong>{m.name}</strong> — {m.purpose}
              </div>
              {m.installed ? (
                <span className="ok">Installed</span>
              ) : running ? (
                <div className="download">
                  <progress max={d.total ?? undefined} value={d.received} aria-label={`Downloading ${m.name}`} />
                  <span>
                    {d.files > 1 ? `file ${d.fileIndex + 1} of ${d.files}: ` : ''}
                    {size(d.received)}
                    {d.total ? ` of ${size(d.total)} (${pct} %)` : ''}
                    {d.resumedFrom ? `, resumed at ${size(d.resumedFrom)}` : ''}
                  </span>
                  <button type="button" className="secondary" onClick={() => void api.call('models:cancel', { id: m.id })}>
                    Stop
                  </button>
                </div>
              ) : (
                <div className="download">
                  <button
                    type="button"
                    onClick={() =>
                      void api.call('models:download', { id: m.id }).catch((err: unknown) => setDownloads((all) => ({ ...all, [m.id]: { id: m.id, state: 'error', file: m.name, fileIndex: 0, files: 1, received: 0, total: null, resumedFrom: 0, message: failureText(err) } })))
                    }
                  >
                    {/* "Resume" only where something was kept to resume from (a failure before the first byte kept nothing). */}
                    {(d?.state === 'cancelled' || d?.state === 'error') && (d.received > 0 || d.fileIndex > 0) ? 'Resume download' : `Download (${size(m.size)})`}
                  </button>
                  {d?.message && (
                    <span className={d.state === 'error' ? 'error' : 'muted'} role={d.state === 'error' ? 'alert' : undefined}>
                      {d.message}
                    </span>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
