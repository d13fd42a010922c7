import { z } from 'zod';
import { readJsonFile, writeJsonFile } from '../shared/jsonFile.js';
import type { Rect } from './launcher.js';

const StateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(200).max(20_000),
  height: z.number().int().min(200).max(20_000),
  maximized: z.boolean().default(false),
});
export type WindowState = z.infer<typeof StateSchema>;

export const DEFAULT_MAIN_SIZE = { width: 1040, height: 760 };

/** The main window's last place and size, or undefined when there is none (or the file is damaged). */
export function loadWindowState(file: string): WindowState | undefined {
  return readJsonFile(file, StateSchema);
}

export function saveWindowState(file: string, state: WindowState): void {
  writeJsonFile(file, state);
}

const overlap = (a: Rect, b: Rect): number =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/**
 * Where the main window opens: where it was, when enough of that is still on a screen (a monitor
 * may have been unplugged since); otherwise the default size in the middle of the primary
 * screen. A saved size larger than every screen is shrunk to fit.
 */
export function restoreBounds(saved: WindowState | undefined, workAreas: readonly Rect[]): Rect & { maximized: boolean } {
  const primary = workAreas[0] ?? { x: 0, y: 0, width: 1280, height: 800 };
  const centred = (w: number, h: number, area: Rect): Rect => {
    const width = Math.min(w, area.width);
    const height = Math.min(h, area.height);
    return { x: area.x + Math.round((area.width - width) / 2), y: area.y + Math.round((area.height - height) / 2), width, height };
  };
  if (!saved) return { ...centred(DEFAULT_MAIN_SIZE.width, DEFAULT_MAIN_SIZE.height, primary), maximized: false };
  const best = workAreas.map((a) => ({ a, o: overlap(saved, a) })).sort((p, q) => q.o - p.o)[0];
  // At least a quarter of the window (and enough of its title bar to grab) must be on a screen.
  if (!best || best.o < (saved.width * saved.height) / 4 || saved.y < best.a.y - 10) return { ...centred(saved.width, saved.height, primary), maximized: saved.maximized };
  const width = Math.min(saved.width, best.a.width);
  const height = Math.min(saved.height, best.a.height);
  return { x: saved.x, y: saved.y, width, height, maximized: saved.maximized };
}
