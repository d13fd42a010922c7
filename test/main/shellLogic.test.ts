import { mkdirSync, writeFileSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkAccelerator } from '../../src/shared/accelerator.js';
import { SettingsSchema } from '../../src/shared/api.js';
import { HotkeyBinding, type ShortcutRegistry } from '../../src/main/hotkey.js';
import { LauncherController, launcherPosition, type LauncherWindow } from '../../src/main/launcher.js';
import { planDrop } from '../../src/main/drop.js';
import { trayState } from '../../src/main/trayState.js';
import { loadWindowState, restoreBounds, saveWindowState } from '../../src/main/windowState.js';
import { tempDir } from '../helpers/tmp.js';

const TINY_GGUF = new URL('../../../shared/models/stories260K.gguf', import.meta.url).pathname;

/** Electron's globalShortcut stands in: combinations another app holds are refused, as the OS does. */
class Shortcuts implements ShortcutRegistry {
  readonly held = new Map<string, () => void>();
  constructor(private readonly takenElsewhere: string[] = []) {}
  register(accelerator: string, callback: () => void): boolean {
    if (this.takenElsewhere.includes(accelerator) || this.held.has(accelerator)) return false;
    this.held.set(accelerator, callback);
    return true;
  }
  unregister(accelerator: string): void {
    this.held.delete(accelerator);
  }
}

describe('hotkey', () => {
  it('accepts key combinations in canonical spelling and refuses ones that would steal typing', () => {
    expect(checkAccelerator('ctrl+shift+space')).toEqual({ ok: true, accelerator: 'Control+Shift+Space' });
    expect(checkAccelerator('CmdOrCtrl + Alt + k')).toEqual({ ok: true, accelerator: 'CommandOrControl+Alt+K' });
    expect(checkAccelerator('F13')).toEqual({ ok: true, accelerator: 'F13' });
    const refusals = ['Shift+A', 'K', 'Ctrl+Shift', 'Ctrl++', 'Ctrl+Hyper+K', 'Ctrl+Ctrl+K', 'Ctrl+Spacebar', ''];
    for (const r of refusals) {
      const c = checkAccelerator(r);
      expect(c.ok, r).toBe(false);
      if (!c.ok) expect(c.error.length).toBeGreaterThan(15);
    }
    expect(checkAccelerator('Shift+A')).toMatchObject({ error: expect.stringContaining('take the A key away') });
    // The settings schema saves the canonical spelling and refuses the rest with the reason.
    expect(SettingsSchema.shape.hotkey.parse('alt+shift+d')).toBe('Alt+Shift+D');
    expect(SettingsSchema.shape.hotkey.safeParse('Ctrl+Spacebar').error?.issues[0]?.message).toMatch(/not a key Docent knows/);
  });

  it('registers a new combination before letting the old one go; a taken one leaves the old working', () => {
    const shortcuts = new Shortcuts(['Alt+Space']);
    let pressed = 0;
    const binding = new HotkeyBinding(shortcuts, () => pressed++);
    expect(binding.bind('CommandOrControl+Shift+Space')).toEqual({ ok: true, accelerator: 'CommandOrControl+Shift+Space' });
    shortcuts.held.get('CommandOrControl+Shift+Space')!();
    expect(pressed).toBe(1);

    const taken = binding.bind('alt+space');
    expect(taken).toMatchObject({ ok: false, error: 'Alt+Space is already taken by another app or by the system', hint: expect.stringContaining('CommandOrControl+Shift+Space still opens') });
    expect([...shortcuts.held.keys()]).toEqual(['CommandOrControl+Shift+Space']);
    expect(binding.current).toBe('CommandOrControl+Shift+Space');

    expect(binding.bind('Super+D')).toMatchObject({ ok: true });
    expect([...shortcuts.held.keys()]).toEqual(['Super+D']);
    expect(binding.bind('Shift+D')).toMatchObject({ ok: false });
    expect([...shortcuts.held.keys()]).toEqual(['Super+D']);
    binding.release();
    expect(shortcuts.held.size).toBe(0);
  });
});

/** The launcher BrowserWindow's state, as Electron keeps it. */
class Window implements LauncherWindow {
  visible = false;
  focused = false;
  position: [number, number] = [0, 0];
  constructor(private readonly size: [number, number]) {}
  isVisible = (): boolean => this.visible;
  isFocused = (): boolean => this.focused;
  getSize = (): number[] => [...this.size];
  setPosition = (x: number, y: number): void => void (this.position = [x, y]);
  show = (): void => void (this.visible = true);
  focus = (): void => void (this.focused = true);
  hide = (): void => {
    this.visible = false;
    this.focused = false;
  };
}

describe('launcher window', () => {
  it('opens in the middle of the screen the pointer is on, and fits on a small one', () => {
    expect(launcherPosition({ x: 1920, y: 0, width: 2560, height: 1400 }, { width: 720, height: 480 })).toEqual({ x: 1920 + 920, y: 460 });
    expect(launcherPosition({ x: 0, y: 30, width: 640, height: 400 }, { width: 720, height: 480 })).toEqual({ x: 0, y: 30 });
  });

  it('toggles with the hotkey, hides on Esc and on a click elsewhere, but not on a blur while it maps', () => {
    const w = new Window([720, 480]);
    let t = 1000;
    let hidden = 0;
    let area = { x: 0, y: 0, width: 1920, height: 1080 };
    const c = new LauncherController(w, () => area, () => t, () => hidden++);
    c.toggle();
    expect(w).toMatchObject({ visible: true, focused: true, position: [600, 300] });
    c.onBlur(); // the window manager moving focus while the window appears
    expect(w.visible).toBe(true);
    t += 1000;
    c.toggle();
    expect(w.visible).toBe(false);
    expect(hidden).toBe(1);

    area = { x: -1280, y: 0, width: 1280, height: 1024 }; // the pointer moved to the left screen
    c.toggle();
    expect(w.position).toEqual([-1280 + 280, 272]);
    expect(c.onKey('a', 'keyDown')).toBe(false);
    expect(c.onKey('Escape', 'keyUp')).toBe(false);
    expect(w.visible).toBe(true);
    expect(c.onKey('Escape', 'keyDown')).toBe(true);
    expect(w.visible).toBe(false);

    c.show();
    t += 5000;
    w.focused = false; // the user clicked another app
    c.onBlur();
    expect(w.visible).toBe(false);
    // Shown but without focus (another window took it): the hotkey brings it to the front, not away.
    c.show();
    w.focused = false;
    c.toggle();
    expect(w).toMatchObject({ visible: true, focused: true });
    expect(hidden).toBe(3);
  });
});

describe('drops', () => {
  const t = tempDir();
  afterAll(t.cleanup);

  it('indexes folders, installs model files, refuses the rest with a reason', () => {
    const docs = join(t.dir, 'Documents');
    const inner = join(docs, 'Invoices');
    const encoder = join(t.dir, 'my-encoder');
    mkdirSync(inner, { recursive: true });
    mkdirSync(join(encoder, 'onnx'), { recursive: true });
    writeFileSync(join(encoder, 'onnx', 'model.onnx'), 'onnx');
    writeFileSync(join(docs, 'letter.txt'), 'hello');
    copyFileSync(TINY_GGUF, join(t.dir, 'tiny.gguf'));

    const plan = planDrop([inner, docs, join(docs, 'letter.txt'), join(t.dir, 'tiny.gguf'), encoder, join(t.dir, 'gone'), 'letter.txt', '', docs]);
    expect(plan.folders).toEqual([docs]); // Invoices comes with Documents
    expect(plan.models).toEqual([join(t.dir, 'tiny.gguf'), encoder]);
    expect(plan.refused).toEqual([
      { path: join(docs, 'letter.txt'), reason: 'letter.txt is a file: Docent indexes whole folders, so drop the folder that holds it' },
      { path: join(t.dir, 'gone'), reason: 'it no longer exists' },
      { path: 'letter.txt', reason: expect.stringContaining('has no place on disk') },
      { path: '(no path)', reason: expect.stringContaining('has no place on disk') },
    ]);
  });
});

describe('tray', () => {
  const folder = { path: '/home/ann/Documents', files: 120, indexed: 117, skipped: 2, failed: 1, chunks: 900, state: 'idle' as const };
  const status = { folders: [folder], files: 120, chunks: 900, vectors: 900, pendingVectors: 0, embedder: 'use' };

  it('says what is being indexed, how far along, and when all is up to date', () => {
    expect(trayState(undefined, new Map())).toMatchObject({ status: 'No folders indexed yet', busy: false });
    expect(trayState(status, new Map())).toEqual({ tooltip: 'Docent: Up to date: 120 files in 1 folder', status: 'Up to date: 120 files in 1 folder', busy: false });
    const reading = new Map([[folder.path, { folder: folder.path, state: 'reading' as const, filesDone: 40, filesTotal: 1200, chunks: 300, etaMs: 5 * 60_000 }]]);
    // The Folders view's line, less the file being read.
    const withFile = new Map([[folder.path, { ...reading.get(folder.path)!, current: `${folder.path}/report.pdf` }]]);
    expect(trayState(status, withFile)).toEqual({
      tooltip: 'Docent: Documents: 40 of 1,200 files read · 300 passages · about 5 min left',
      status: 'Documents: 40 of 1,200 files read · 300 passages · about 5 min left',
      busy: true,
    });
    const embedding = new Map([[folder.path, { folder: `${folder.path}/`, state: 'embedding' as const, filesDone: 450, filesTotal: 900, chunks: 900, etaMs: 90 * 60_000 }]]);
    expect(trayState(status, embedding).status).toBe('Documents: 450 of 900 passages have meaning vectors · about 1.5 h left');
    const failed = { ...status, folders: [{ ...folder, state: 'error' as const, message: 'the disk is full' }] };
    expect(trayState(failed, new Map()).status).toBe('Indexing Documents stopped: the disk is full');
  });
});

describe('main window state', () => {
  const t = tempDir();
  afterAll(t.cleanup);
  const screens = [{ x: 0, y: 0, width: 1920, height: 1050 }];

  it('comes back where it was, unless that screen is gone; a damaged file gives the default', () => {
    const file = join(t.dir, 'window.json');
    expect(loadWindowState(file)).toBeUndefined();
    saveWindowState(file, { x: 100, y: 80, width: 900, height: 700, maximized: false });
    const saved = loadWindowState(file)!;
    expect(restoreBounds(saved, screens)).toEqual({ x: 100, y: 80, width: 900, height: 700, maximized: false });
    // It was on a second monitor that has been unplugged: centred on the one left.
    expect(restoreBounds({ ...saved, x: 2500 }, screens)).toEqual({ x: 510, y: 175, width: 900, height: 700, maximized: false });
    // Larger than the screen: shrunk to fit.
    expect(restoreBounds({ x: 0, y: 0, width: 3000, height: 2000, maximized: true }, screens)).toMatchObject({ width: 1920, height: 1050, maximized: true });
    writeFileSync(file, '{"x": "left"');
    expect(loadWindowState(file)).toBeUndefined();
    expect(restoreBounds(undefined, screens)).toEqual({ x: 440, y: 145, width: 1040, height: 760, maximized: false });
  });
});
