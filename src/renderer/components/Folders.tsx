import { useCallback, useEffect, useState } from 'react';
import type { EventOf, FileEntry, IndexStatus } from '../../shared/api';
import { api, ApiFailure, desktop, fileName } from '../client';

type Progress = EventOf<'index:progress'>;

function eta(ms: number | null): string {
  if (ms === null) return '';
  const s = Math.round(ms / 1000);
  return s < 60 ? `about ${s} s left` : `about ${Math.round(s / 60)} min left`;
}

const STATE_WORDS: Record<Progress['state'], string> = { idle: 'Up to date', scanning: 'Looking for files…', reading: 'Reading files…', embedding: 'Indexing meaning…', error: 'Stopped' };

/** Files that could not be indexed, with why: per folder, loaded on demand. */
function Problems({ folder }: { folder: string }) {
  const [files, setFiles] = useState<FileEntry[]>();
  useEffect(() => {
    void Promise.all([api.call('index:files', { folder, status: 'failed', limit: 100 }), api.call('index:files', { folder, status: 'skipped', limit: 100 })]).then(([f, s]) => setFiles([...f.files, ...s.files]));
  }, [folder]);
  if (!files) return null;
  if (files.length === 0) return <p className="ok">Every file was read.</p>;
  return (
    <table className="problems">
      <caption>Files not indexed</caption>
      <thead>
        <tr>
          <th scope="col">File</th>
          <th scope="col">Status</th>
          <th scope="col">Why</th>
        </tr>
      </thead>
      <tbody>
        {files.map((f) => (
          <tr key={f.path}>
            <td title={f.path}>{fileName(f.path)}</td>
            <td className={`file-${f.status}`}>{f.status}</td>
            <td>{f.reason}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Folders: add (drop, pick, or type a path), watch progress, see why files were skipped, remove. */
export function Folders() {
  const [status, setStatus] = useState<IndexStatus>();
  const [progress, setProgress] = useState<Record<string, Progress>>({});
  const [path, setPath] = useState('');
  const [message, setMessage] = useState('');
  const [dragging, setDragging] = useState(false);

  const refresh = useCallback(() => void api.call('index:status', {}).then(setStatus), []);
  useEffect(() => {
    refresh();
    return api.on('index:progress', (p) => {
      setProgress((all) => ({ ...all, [p.folder]: p }));
      if (p.state === 'idle' || p.state === 'error') refresh();
    });
  }, [refresh]);

  async function add(folder: string): Promise<void> {
    setMessage('');
    try {
      const f = await api.call('index:addFolder', { path: folder });
      setMessage(`Added ${f.path}`);
      setPath('');
      refresh();
    } catch (err) {
      const e = err as ApiFailure;
      setMessage(`${e.message}${e.hint ? ` ${e.hint}` : ''}`);
    }
  }

  return (
    <section
      className={dragging ? 'folders dragging' : 'folders'}
      aria-label="Folders"
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        // Only the desktop app can tell where a dropped folder is; a browser hides the path.
        const files = [...e.dataTransfer.files];
        if (!desktop) return setMessage('A browser does not tell Docent where a dropped folder is: type its path below.');
        for (const f of files) void add(desktop.pathForFile(f));
      }}
    >
      <div className="drop-zone">
        <p>Drop folders here to index them{desktop ? '' : ' (in the desktop app)'}, or add one by its path:</p>
        <form
          className="add-folder"
          onSubmit={(e) => {
            e.preventDefault();
            if (path.trim()) void add(path.trim());
          }}
        >
          <input aria-label="Folder path" placeholder="/home/you/Documents" value={path} onChange={(e) => setPath(e.target.value)} />
          <button type="submit">Add folder</button>
          {desktop && (
            <button type="button" className="secondary" onClick={() => void desktop?.pickFolder().then((p) => (p ? add(p) : undefined))}>
              Choose…
            </button>
          )}
        </form>
        <p className="status-line" role="status">
          {message}
        </p>
      </div>
      {status && (
        <p className="totals">
          {status.files} files, {status.chunks} passages, {status.vectors} with meaning vectors{status.pendingVectors ? ` (${status.pendingVectors} to do)` : ''} · {status.embedder}
        </p>
      )}
      {status?.folders.map((f) => {
        const p = progress[f.path];
        const state = p?.state ?? f.state;
        const busy = state !== 'idle' && state !== 'error';
        return (
          <article key={f.path} className="folder" aria-label={f.path}>
            <header>
              <h3 title={f.path}>{f.path}</h3>
              <button type="button" className="danger" onClick={() => void api.call('index:removeFolder', { path: f.path }).then(refresh)}>
                Remove
              </button>
            </header>
            <p className={`state state-${state}`}>
              {STATE_WORDS[state]}
              {state === 'error' && (p?.message ?? f.message) ? `: ${p?.message ?? f.message}` : ''}
            </p>
            {busy && p && (
              <div className="progress">
                <progress max={Math.max(1, p.filesTotal)} value={p.filesDone} aria-label={`${f.path} progress`} />
                <span>
                  {p.filesDone} of {p.filesTotal} {state === 'embedding' ? 'passages' : 'files'} · {p.chunks} passages {eta(p.etaMs)}
                </span>
              </div>
            )}
            <p className="counts">
              {f.indexed} indexed · {f.skipped} skipped · {f.failed} failed · {f.chunks} passages
            </p>
            {!busy && <Problems folder={f.path} key={`${f.path}-${f.files}-${f.failed}`} />}
          </article>
        );
      })}
    </section>
  );
}
