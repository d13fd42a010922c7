import type { EventOf } from './api.js';
import { count as n, fileName } from './words.js';

/**
 * Progress in words, the same in every view, the tray and the CLI: one line per pass, each figure
 * once, fed by the one progress model (FolderProgress in the pipeline).
 */
type Progress = Omit<EventOf<'index:progress'>, 'folder'>;

/** Time left in words ("about 40 s left", "about 9 min left", "about 1.5 h left"); nothing when it cannot be told. */
export function eta(ms: number | null): string {
  if (ms === null) return '';
  const s = Math.round(ms / 1000);
  return s < 60 ? `about ${s} s left` : s < 5400 ? `about ${Math.round(s / 60)} min left` : `about ${Math.round(s / 360) / 10} h left`;
}

/**
 * One pass's progress in a line: the text pass by files (and the file being read), the vector
 * pass by passages. `brief` leaves out the file being read (a tray tooltip holds 127 characters on Windows).
 */
export function progressLine(p: Progress, { brief = false } = {}): string {
  const left = eta(p.etaMs);
  if (p.state === 'embedding') return [`${n(p.filesDone)} of ${n(p.filesTotal)} passages have meaning vectors`, left].filter(Boolean).join(' · ');
  if (p.state === 'scanning') return 'Listing the files…';
  return [`${n(p.filesDone)} of ${n(p.filesTotal)} files read`, `${n(p.chunks)} passages`, p.current && !brief ? `reading ${fileName(p.current)}` : '', left].filter(Boolean).join(' · ');
}

