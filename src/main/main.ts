/**
 * Docent's Electron main process: windows, the launcher hotkey, the tray, IPC, and the index
 * process. It does no indexing, embedding or model work itself (those run in a utility process,
 * see backendHostMain.ts), so the windows never wait on them.
 *
 * The logic lives in small modules tested without Electron (ipcRouter, hotkey, launcher, drop,
 * trayState, windowState, appProtocol, backendClient); this file wires them to Electron's APIs.
 */
import { app, BrowserWindow, dialog, globalShortcut, ipcMain, Menu, nativeImage, protocol, screen, session, shell, Tray, utilityProcess, type UtilityProcess } from 'electron';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDbPath, docentHome, modelsDir, settingsPath } from '../pipeline/config.js';
import type { EventOf, IndexStatus, Settings } from '../shared/api.js';
import { IPC, type Command } from '../shared/desktop.js';
import { openTarget, serveAppRequest } from './appProtocol.js';
import { BackendClient, type HostProcess } from './backendClient.js';
import { HotkeyBinding } from './hotkey.js';
import { APP_SCHEME, APP_URL, createIpcRouter, isAppFrame } from './ipcRouter.js';
import { LauncherController } from './launcher.js';
import { trayState } from './trayState.js';
import { loadWindowState, restoreBounds, saveWindowState } from './windowState.js';
import { secureWindowOptions } from './windowSecurity.js';

const here = dirname(fileURLToPath(import.meta.url));
const RENDERER_DIR = join(here, '..', 'renderer');
const PRELOAD = join(here, '..', 'preload', 'preload.cjs');
const HOST_ENTRY = join(here, 'backendHostMain.js');
const ICONS = join(here, 'assets');
const WINDOW_STATE = join(docentHome(), 'window.json');

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

let mainWindow: BrowserWindow | undefined;
let launcherWindow: BrowserWindow | undefined;
let launcher: LauncherController | undefined;
let tray: Tray | undefined;
let quitting = false;
/** The index process's client and the IPC router: made when the app is ready (a utility process cannot start before). */
let backend: BackendClient | undefined;
let status: IndexStatus | undefined;
const progress = new Map<string, EventOf<'index:progress'>>();

/** better-sqlite3 built for Electron's Node (scripts/electron-setup.mjs): in the app's resources, or the checkout's native/. */
function electronSqliteBinding(): string | undefined {
  const name = join('native', `electron-${process.versions.modules}`, 'better_sqlite3.node');
  const candidates = [join(process.resourcesPath ?? '', name), join(here, '..', '..', name)];
  return candidates.find((p) => existsSync(p));
}

function spawnHost(): HostProcess {
  const binding = electronSqliteBinding();
  const child: UtilityProcess = utilityProcess.fork(HOST_ENTRY, [], {
    serviceName: 'Docent index',
    stdio: 'inherit',
    env: {
      ...process.env,
      DOCENT_HOST_CONFIG: JSON.stringify({ dbPath: defaultDbPath(), settingsPath: settingsPath(), modelsDir: modelsDir() }),
      ...(binding ? { DOCENT_SQLITE_BINDING: binding } : {}),
    },
  });
  return {
    postMessage: (m) => child.postMessage(m),
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) => child.on('exit', listener),
    kill: () => void child.kill(),
  };
}

function broadcast(channel: string, ...args: unknown[]): void {
  for (const w of BrowserWindow.getAllWindows()) if (!w.isDestroyed() && isAppFrame(w.webContents.getURL())) w.webContents.send(channel, ...args);
}

function startBackend(): BackendClient {
  return new BackendClient({
    spawn: spawnHost,
    openFile: async (path, page) => {
      const target = openTarget(path, page);
      if (target.kind === 'system') return (await shell.openPath(target.path)) === '';
      const viewer = new BrowserWindow({
        width: 900,
        height: 1000,
        title: target.title,
        autoHideMenuBar: true,
        // Chromium's PDF viewer: no preload, no Node, sandboxed; only the PDF plugin.
        webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, plugins: true },
      });
      await viewer.loadURL(target.url);
      return true;
    },
    onEvent: (name, payload) => {
      broadcast(IPC.event, name, payload);
      if (name === 'index:progress') {
        const p = payload as EventOf<'index:progress'>;
        progress.set(p.folder, p);
        if (p.state === 'idle' || p.state === 'error') void refreshStatus();
        else updateTray();
      }
    },
    onFatal: (error, hint) => {
      dialog.showErrorBox('Docent cannot reach its index', `${error}\n\n${hint ?? ''}`.trim());
    },
  });
}

const hotkey = new HotkeyBinding(globalShortcut, () => launcher?.toggle());

function startRouter(backend: BackendClient): ReturnType<typeof createIpcRouter> {
  return createIpcRouter({
    backend,
    hotkey,
    actions: {
      pickFolder: async () => {
        const r = await dialog.showOpenDialog({ title: 'Add a folder to Docent', properties: ['openDirectory'] });
        return r.canceled ? null : (r.filePaths[0] ?? null);
      },
      pickModelFile: async () => {
        const r = await dialog.showOpenDialog({ title: 'Add a model', properties: ['openFile'], filters: [{ name: 'GGUF models', extensions: ['gguf'] }] });
        return r.canceled ? null : (r.filePaths[0] ?? null);
      },
      hideLauncher: () => launcher?.hide(),
      openChat: (question) => {
        launcher?.hide();
        sendCommand({ kind: 'ask', question });
      },
    },
  });
}

function sendCommand(command: Command): void {
  const w = showMain();
  const send = (): void => w.webContents.send(IPC.command, command);
  if (w.webContents.isLoading()) w.webContents.once('did-finish-load', send);
  else send();
}

function createMainWindow(): BrowserWindow {
  const bounds = restoreBounds(
    loadWindowState(WINDOW_STATE),
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const w = new BrowserWindow(
    secureWindowOptions(PRELOAD, { ...bounds, minWidth: 560, minHeight: 420, title: 'Docent', backgroundColor: '#fbfbfa', icon: join(ICONS, 'icon.png') }),
  );
  if (bounds.maximized) w.maximize();
  w.once('ready-to-show', () => w.show());
  let saveTimer: NodeJS.Timeout | undefined;
  const save = (): void => {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      if (w.isDestroyed()) return;
      saveWindowState(WINDOW_STATE, { ...w.getNormalBounds(), maximized: w.isMaximized() });
    }, 500);
  };
  w.on('resize', save);
  w.on('move', save);
  // Closing the window keeps Docent in the tray, so the hotkey still works; Quit is in the tray menu.
  w.on('close', (e) => {
    if (!quitting && tray) {
      e.preventDefault();
      w.hide();
    }
  });
  void w.loadURL(`${APP_URL}index.html`);
  return w;
}

function showMain(): BrowserWindow {
  if (!mainWindow || mainWindow.isDestroyed()) mainWindow = createMainWindow();
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
  return mainWindow;
}

function createLauncher(): void {
  const w = new BrowserWindow(
    secureWindowOptions(PRELOAD, {
      width: 720,
      height: 480,
      frame: false,
      resizable: false,
      movable: false,
      minimizable: false,
      maximizable: false,
      fullscreenable: false,
      skipTaskbar: true,
      alwaysOnTop: true,
      title: 'Docent search',
      backgroundColor: '#fbfbfa',
    }),
  );
  launcherWindow = w;
  launcher = new LauncherController(
    w,
    () => screen.getDisplayNearestPoint(screen.getCursorScreenPoint()).workArea,
    Date.now,
    // macOS: give focus back to the app the user was in, unless Docent's own window is open.
    () => {
      if (process.platform === 'darwin' && !mainWindow?.isVisible()) app.hide();
    },
  );
  w.on('blur', () => launcher?.onBlur());
  w.webContents.on('before-input-event', (e, input) => {
    if (launcher?.onKey(input.key, input.type)) e.preventDefault();
  });
  void w.loadURL(`${APP_URL}index.html#launcher`);
}

function updateTray(): void {
  if (!tray) return;
  const state = trayState(status, progress);
  tray.setToolTip(state.tooltip);
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: state.status, enabled: false },
      { type: 'separator' },
      { label: `Search…${hotkey.current ? `  (${hotkey.current})` : ''}`, click: () => launcher?.show() },
      { label: 'Open Docent', click: () => showMain() },
      { label: 'Add a folder…', click: () => sendCommand({ kind: 'view', view: 'folders' }) },
      { label: 'Settings', click: () => sendCommand({ kind: 'view', view: 'settings' }) },
      { type: 'separator' },
      { label: 'Quit Docent', role: 'quit' },
    ]),
  );
}

async function refreshStatus(): Promise<void> {
  if (!backend) return;
  const r = await backend.call('index:status', {});
  if (r.ok) status = r.result as IndexStatus;
  updateTray();
}

function hardenContents(): void {
  app.on('web-contents-created', (_e, contents) => {
    // No page may navigate away from the app, open windows or embed others.
    contents.on('will-navigate', (e, url) => {
      if (!isAppFrame(url)) e.preventDefault();
    });
    contents.on('will-redirect', (e, url) => {
      if (!isAppFrame(url) && !url.startsWith('file:')) e.preventDefault();
    });
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-attach-webview', (e) => e.preventDefault());
  });
  // Pages may write to the clipboard (copy a path); nothing else (camera, location, notifications…).
  session.defaultSession.setPermissionRequestHandler((_wc, permission, callback) => callback(permission === 'clipboard-sanitized-write'));
  session.defaultSession.setPermissionCheckHandler((_wc, permission) => permission === 'clipboard-sanitized-write');
}

async function start(): Promise<void> {
  hardenContents();
  backend = startBackend();
  const router = startRouter(backend);
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(RENDERER_DIR, request.url));
  ipcMain.handle(IPC.call, async (e, channel: unknown, args: unknown) => {
    const r = await router.api(e.senderFrame?.url, channel, args);
    if (channel === 'settings:set') updateTray(); // the menu names the hotkey
    return r;
  });
  ipcMain.handle(IPC.desktop, (e, channel: unknown, args: unknown) => router.desktop(e.senderFrame?.url, channel, args));

  const settings = await backend.call('settings:get', {});
  const wanted = settings.ok ? (settings.result as Settings).hotkey : 'CommandOrControl+Shift+Space';
  const bound = hotkey.bind(wanted);
  if (!bound.ok) console.warn(`docent: the launcher hotkey is not available: ${bound.error}. ${bound.hint ?? ''}`);

  const trayIcon = nativeImage.createFromPath(join(ICONS, process.platform === 'darwin' ? 'trayTemplate.png' : 'tray.png'));
  tray = new Tray(trayIcon);
  tray.on('click', () => showMain());
  updateTray();
  void refreshStatus();

  createLauncher();
  showMain();
  if (!bound.ok) sendCommand({ kind: 'view', view: 'settings' });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => showMain());
  app.on('activate', () => showMain());
  app.on('before-quit', () => {
    quitting = true;
  });
  let closing = false;
  app.on('will-quit', (e) => {
    hotkey.release();
    if (closing) return;
    closing = true;
    // The index process closes the index cleanly (a few seconds at most) before Docent exits.
    e.preventDefault();
    void (backend?.close() ?? Promise.resolve()).finally(() => {
      launcherWindow?.destroy();
      app.exit(0);
    });
  });
  // Docent lives in the tray: closing every window does not quit it.
  app.on('window-all-closed', () => undefined);
  void app.whenReady().then(start);
}
