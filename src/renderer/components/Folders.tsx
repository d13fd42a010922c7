import { useCallback, useEffect, useState } from 'react';
import type { EventOf, FileEntry, IndexStatus } from '../../shared/api';
import { progressLine } from '../../shared/progressWords';
import { count as n } from '../../shared/words';
import { api, desktop, desktopCall, failureText, fileName } from '../client';

type Progress = EventOf<'index:progress'>;

const STATE_WORDS: Record<Progress['state'], string> = { idle: 'Up to date', scanning: 'Looking for files…', reading: 'Reading files…', embedding: 'Indexing meaning…', error: 'Stopped' };

const PAGE = 100;

/** Files that could not be indexed, with why: per folder, loaded on demand, a hundred at a time. */
function Problems({ folder }: { folder: string }) {
  const [files, setFiles] = useState<FileEntry[]>();
  const [total, setTotal] = useState(0);
  const load = useCallback(
    async (offset: number): Promise<void> => {
      // Failed files first, then skipped ones (the back end orders them so).
      const r = await api.call('index:files', { folder, status: ['failed', 'skipped'], offset, limit: PAGE });
      setTotal(r.total);
      setFiles((prev) => [...(offset === 0 ? [] : (prev ?? [])), ...r.files]);
    },
    [folder],
  );
  useEffect(() => {
    void load(0);
  }, [load]);
  if (!files) return null;
  if (files.length === 0) return <p className="ok">Every file was read.</p>;
  return (
    <>
      <table className="problems">
        <caption>
          Files not indexed ({total})
        </caption>
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
      {files.length < total && (
        <button type="button" className="secondary" onClick={() => void load(files.length)}>
          Show {Math.min(PAGE, total - files.length)} more of {total - files.length}
        </button>
      )}
    </>
  );
}

/** Folders: add (drop, pick, or type a path), watch progress, see why files were skipped, remove. */
export function Folders() {
  const [status, setStatus] = useState<IndexStatus>();
  const [progress, setProgress] = useState<Record<string, Progress>>({});
  const [path, setPath] = useState('');
  const [message, setMessage] = useState('');
  const [failed, setFailed] = useState(false);
  const say = (text: string, error = false): void => {
    setMessage(text);
    setFailed(error);
  };

  const refresh = useCallback(() => void api.call('index:status', {}).then(setStatus), []);
  useEffect(() => {
    refresh();
    return api.on('index:progress', (p) => {
      setProgress((all) => ({ ...all, [p.folder]: p }));
      // A new folder (dropped, or added from the tray) appears as it starts; the totals change when it ends.
      if (p.state === 'idle' || p.state === 'error' || p.state === 'scanning') refresh();
    });
  }, [refresh]);

  async function add(folder: string): Promise<void> {
    say('');
    try {
      const f = await api.call('index:addFolder', { path: folder });
      say(`Added ${f.path}`);
      setPath('');
      refresh();
    } catch (err) {
      say(failureText(err), true);
    }
  }

  return (
    <section className="folders" aria-label="Folders">
      <div className="drop-zone">
        <p>Drop folders here to index them{desktop ? '' : ' (in the desktop app)'}, or add one by its path:</p>
        <form
          className="add-folder"
          onSubmit={(e) => {
            e.preventDefault();
            if (path.trim()) void add(path.trim());
            else say('Type the path of a folder first (for example ~/Documents).', true);
          }}
        >
          <input aria-label="Folder path" placeholder="/home/you/Documents" value={path} onChange={(e) => setPath(e.target.value)} />
          <button type="submit">Add folder</button>
          {desktop && (
            <button type="button" className="secondary" onClick={() => void desktopCall('app:pickFolder', {}).then((p) => (p ? add(p) : undefined), (err: unknown) => say(failureText(err), true))}>
              Choose…
            </button>
          )}
        </form>
        <p className={failed ? 'status-line error' : 'status-line'} role={failed ? 'alert' : 'status'}>
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
                <span>{progressLine(p)}</span>
              </div>
            )}
            {/* While a pass runs, its own line above has the live figures; these are the index's once it is done. */}
            {!busy && (
              <p className="counts">
                {n(f.indexed)} indexed · {n(f.skipped)} skipped · {n(f.failed)} failed · {n(f.chunks)} passages
              </p>
            )}
            {!busy && <Problems folder={f.path} key={`${f.path}-${f.files}-${f.failed}`} />}
          </article>
        );
      })}
    </section>
  );
}
