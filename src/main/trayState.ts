import type { EventOf, IndexStatus } from '../shared/api.js';
import { progressLine } from '../shared/progressWords.js';
import { fileName } from '../shared/words.js';

export interface TrayState {
  /** The tray icon's tooltip: one line. */
  tooltip: string;
  /** The first, disabled line of the tray menu. */
  status: string;
  busy: boolean;
}

/**
 * What the tray icon says about the index: the folder being worked on with how far along it is,
 * a folder that stopped with an error, or that all is up to date.
 */
export function trayState(status: IndexStatus | undefined, progress: ReadonlyMap<string, EventOf<'index:progress'>>): TrayState {
  const working = [...progress.values()].find((p) => p.state === 'scanning' || p.state === 'reading' || p.state === 'embedding');
  if (working) {
    // The folders' view's line, without the file being read: a tooltip is short.
    const line = `${fileName(working.folder)}: ${progressLine(working, { brief: true })}`;
    return { tooltip: `Docent: ${line}`, status: line, busy: true };
  }
  const failed = status?.folders.find((f) => f.state === 'error') ?? [...progress.values()].find((p) => p.state === 'error');
  if (failed) {
    const line = `Indexing ${fileName('path' in failed ? failed.path : failed.folder)} stopped: ${failed.message ?? 'see Folders'}`;
    return { tooltip: `Docent: ${line}`, status: line, busy: false };
  }
  if (!status || status.folders.length === 0) return { tooltip: 'Docent: no folders yet', status: 'No folders indexed yet', busy: false };
  const line = `Up to date: ${status.files.toLocaleString('en')} files in ${status.folders.length} folder${status.folders.length === 1 ? '' : 's'}`;
  return { tooltip: `Docent: ${line}`, status: line, busy: false };
}
