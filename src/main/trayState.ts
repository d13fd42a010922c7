import type { EventOf, IndexStatus } from '../shared/api.js';

export interface TrayState {
  /** The tray icon's tooltip: one line. */
  tooltip: string;
  /** The first, disabled line of the tray menu. */
  status: string;
  busy: boolean;
}

const STATE_WORDS = { scanning: 'looking for files in', reading: 'reading', embedding: 'preparing search by meaning for', error: 'stopped in', idle: '' } as const;

const folderName = (path: string): string => path.split(/[\\/]/).filter(Boolean).pop() ?? path;

function eta(ms: number | null): string {
  if (ms === null) return '';
  const min = Math.round(ms / 60_000);
  return min >= 1 ? `, about ${min} min left` : ', less than a minute left';
}

/**
 * What the tray icon says about the index: the folder being worked on with how far along it is,
 * a folder that stopped with an error, or that all is up to date.
 */
export function trayState(status: IndexStatus | undefined, progress: ReadonlyMap<string, EventOf<'index:progress'>>): TrayState {
  const working = [...progress.values()].find((p) => p.state === 'scanning' || p.state === 'reading' || p.state === 'embedding');
  if (working) {
    const count = working.filesTotal > 0 ? ` (${working.filesDone.toLocaleString('en')} of ${working.filesTotal.toLocaleString('en')}${working.state === 'embedding' ? ' passages' : ' files'}${eta(working.etaMs)})` : '';
    const line = `Docent is ${STATE_WORDS[working.state]} ${folderName(working.folder)}${count}`;
    return { tooltip: line, status: line, busy: true };
  }
  const failed = status?.folders.find((f) => f.state === 'error') ?? [...progress.values()].find((p) => p.state === 'error');
  if (failed) {
    const line = `Indexing ${folderName('path' in failed ? failed.path : failed.folder)} stopped: ${failed.message ?? 'see Folders'}`;
    return { tooltip: `Docent: ${line}`, status: line, busy: false };
  }
  if (!status || status.folders.length === 0) return { tooltip: 'Docent: no folders yet', status: 'No folders indexed yet', busy: false };
  const line = `Up to date: ${status.files.toLocaleString('en')} files in ${status.folders.length} folder${status.folders.length === 1 ? '' : 's'}`;
  return { tooltip: `Docent: ${line}`, status: line, busy: false };
}
