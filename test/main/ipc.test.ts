import { fork } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventName, ResultOf } from '../../src/shared/api.js';
import { BackendClient, type HostProcess } from '../../src/main/backendClient.js';
import { hostBackend } from '../../src/main/backendHost.js';
import type { MessageEnd } from '../../src/main/backendProtocol.js';
import { HotkeyBinding, type ShortcutRegistry } from '../../src/main/hotkey.js';
import { createIpcRouter } from '../../src/main/ipcRouter.js';
import { makeBridge, type PreloadIpc } from '../../src/preload/bridge.js';
import { Backend } from '../../src/server/backend.js';
import { copyFixture, REPO, tempDir } from '../helpers/tmp.js';

const TINY_GGUF = new URL('../../../shared/models/stories260K.gguf', import.meta.url).pathname;
const APP_PAGE = 'docent://app/index.html';

const end = (p: MessagePort): MessageEnd => ({ postMessage: (m) => p.postMessage(m), onMessage: (l) => p.on('message', l) });

/** globalShortcut stands in (Electron cannot start here); Alt+Space is held by another app. */
const shortcuts: ShortcutRegistry & { held: Set<string> } = {
  held: new Set(),
  register(a) {
    if (a === 'Alt+Space') return false;
    this.held.add(a);
    return true;
  },
  unregister(a) {
    this.held.delete(a);
  },
};

describe('the Electron main process’s IPC, over the real back end in its own process boundary', () => {
  const t = tempDir();
  const opened: Array<{ path: string; page?: number }> = [];
  const events: Array<{ name: EventName; payload: unknown }> = [];
  const actions: string[] = [];
  let client: BackendClient;
  let router: ReturnType<typeof createIpcRouter>;
  let hotkey: HotkeyBinding;
  let ports: MessageChannel;
  let docs: string;
  const api = <T = unknown>(channel: string, args: unknown, from = APP_PAGE) => router.api(from, channel, args) as Promise<{ ok: true; result: T } | { ok: false; error: { error: string; code: string; hint?: string } }>;

  const idle = async (folder: string): Promise<void> => {
    for (let i = 0; i < 600; i++) {
      const s = await api<ResultOf<'index:status'>>('index:status', {});
      if (s.ok && s.result.folders.some((f) => f.path === folder && f.state === 'idle' && f.files > 0)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${folder} was not indexed`);
  };

  beforeAll(() => {
    docs = copyFixture('docs', t.dir);
    mkdirSync(join(t.dir, 'models'));
    ports = new MessageChannel();
    void hostBackend(end(ports.port2), (openFile) =>
      Backend.open({ dbPath: join(t.dir, 'index.sqlite'), settingsPath: join(t.dir, 'settings.json'), modelsDir: join(t.dir, 'models'), vectors: false, watch: false, openFile }),
    );
    client = new BackendClient({
      spawn: (): HostProcess => ({ postMessage: (m) => ports.port1.postMessage(m), onMessage: (l) => ports.port1.on('message', l), onExit: () => undefined, kill: () => ports.port1.close() }),
      openFile: async (path, page) => {
        opened.push({ path, ...(page ? { page } : {}) });
        return true;
      },
      onEvent: (name, payload) => events.push({ name, payload }),
    });
    hotkey = new HotkeyBinding(shortcuts, () => undefined);
    hotkey.bind('CommandOrControl+Shift+Space');
    router = createIpcRouter({
      backend: client,
      hotkey,
      actions: {
        pickFolder: async () => (actions.push('pickFolder'), docs),
        pickModelFile: async () => (actions.push('pickModelFile'), null),
        hideLauncher: () => void actions.push('hideLauncher'),
        openChat: (q) => void actions.push(`openChat:${q}`),
      },
    });
  });
  afterAll(async () => {
    await client.call('index:status', {});
    ports.port1.postMessage({ t: 'close' });
    await new Promise((r) => setTimeout(r, 300));
    ports.port1.close();
    t.cleanup();
  });

  it('refuses requests from anything but the app’s own pages', async () => {
    for (const from of [undefined, 'http://127.0.0.1:5173/', 'file:///etc/passwd', 'docent://evil/index.html', 'not a url']) {
      expect(await router.api(from, 'index:status', {})).toMatchObject({ ok: false, error: { code: 'forbidden', error: 'request refused: it did not come from a Docent window' } });
      expect(await router.desktop(from, 'app:pickFolder', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(actions).toEqual([]);
  });

  it('validates every payload against the shared schemas before it reaches the index process', async () => {
    expect(await api('search:query', { text: '   ' })).toMatchObject({ ok: false, error: { code: 'invalid', error: 'the search is empty', hint: 'Type something to search for.' } });
    expect(await api('search:query', { text: 'x', sql: 'DROP TABLE files' })).toMatchObject({ ok: false, error: { code: 'invalid' } });
    expect(await api('index:drop', {})).toMatchObject({ ok: false, error: { code: 'not_found', error: 'unknown request "index:drop"' } });
    expect(await api('index:addFolder', { path: 'a\0b' })).toMatchObject({ ok: false, error: { code: 'invalid' } });
    expect(await router.desktop(APP_PAGE, 'app:drop', { paths: [] })).toMatchObject({ ok: false, error: { code: 'invalid', error: expect.stringContaining('app:drop: paths') } });
    expect(await router.desktop(APP_PAGE, 'app:openChat', { question: '' })).toMatchObject({ ok: false, error: { code: 'invalid' } });
    expect(await router.desktop(APP_PAGE, 'shell:exec', { cmd: 'rm' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('adds dropped folders and models, refuses files with a reason, and streams progress', async () => {
    copyFileSync(TINY_GGUF, join(t.dir, 'tiny.gguf'));
    const r = await router.desktop(APP_PAGE, 'app:drop', { paths: [docs, join(docs, 'houtmulch.md'), join(t.dir, 'tiny.gguf')] });
    expect(r).toEqual({
      ok: true,
      result: { folders: [docs], models: ['tiny.gguf'], refused: [{ path: join(docs, 'houtmulch.md'), reason: expect.stringContaining('is a file') }] },
    });
    await idle(docs);
    expect(events.some((e) => e.name === 'index:progress' && (e.payload as { state: string }).state === 'reading')).toBe(true);
    expect(events.some((e) => e.name === 'index:file' && (e.payload as { path: string }).path.endsWith('heat-pump-manual.pdf'))).toBe(true);
    const models = await api<ResultOf<'models:list'>>('models:list', {});
    expect(models.ok && models.result.installed.map((m) => m.name)).toEqual(['tiny.gguf']);
    // The same folder again: refused with why; the index is untouched.
    const again = await router.desktop(APP_PAGE, 'app:drop', { paths: [docs] });
    expect(again).toMatchObject({ ok: true, result: { folders: [], refused: [{ path: docs, reason: expect.stringContaining('is already indexed') }] } });
  });

  it('opens only indexed files, at the cited page, through the main process', async () => {
    const s = await api<ResultOf<'search:query'>>('search:query', { text: 'warranty heat pump' });
    const hit = s.ok ? s.result.hits.find((h) => h.path.endsWith('.pdf')) : undefined;
    expect(hit?.page).toBeGreaterThan(0);
    expect(await api('files:open', { path: hit!.path, page: hit!.page })).toEqual({ ok: true, result: { opened: true } });
    expect(await api('files:open', { path: '/etc/passwd' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await api('files:open', { path: join(docs, '..', 'tiny.gguf') })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(opened).toEqual([{ path: hit!.path, page: hit!.page }]);
  });

  it('registers a new hotkey before saving it; a taken one is refused and nothing changes', async () => {
    const taken = await api('settings:set', { hotkey: 'alt+space', maxFileMB: 5 });
    expect(taken).toMatchObject({ ok: false, error: { code: 'invalid', error: 'Alt+Space is already taken by another app or by the system' } });
    expect((await api<{ hotkey: string; maxFileMB: number }>('settings:get', {}))).toMatchObject({ result: { hotkey: 'CommandOrControl+Shift+Space', maxFileMB: 100 } });
    expect(await api('settings:set', { hotkey: 'Shift+K' })).toMatchObject({ ok: false, error: { code: 'invalid', error: expect.stringContaining('take the K key away') } });
    const ok = await api('settings:set', { hotkey: 'ctrl+alt+d' });
    expect(ok).toMatchObject({ ok: true, result: { hotkey: 'Control+Alt+D' } });
    expect([...shortcuts.held]).toEqual(['Control+Alt+D']);
    expect(JSON.parse(readFileSync(join(t.dir, 'settings.json'), 'utf8')).hotkey).toBe('Control+Alt+D');
  });

  it('runs desktop actions for the app’s pages', async () => {
    expect(await router.desktop(APP_PAGE, 'app:pickFolder', {})).toEqual({ ok: true, result: docs });
    expect(await router.desktop(APP_PAGE, 'app:openChat', { question: ' en de prijs? ' })).toEqual({ ok: true, result: null });
    expect(await router.desktop(APP_PAGE, 'app:hideLauncher', {})).toEqual({ ok: true, result: null });
    expect(actions).toEqual(['pickFolder', 'openChat:en de prijs?', 'hideLauncher']);
  });

  it('the preload’s bridge carries requests and events both ways', async () => {
    // ipcRenderer stands in for Electron's (it cannot start here): invoke goes to the router as
    // ipcMain.handle would, with the page's address as the sender frame.
    const listeners = new Map<string, Set<(e: never, ...a: unknown[]) => void>>();
    const ipc: PreloadIpc = {
      invoke: (channel, ...args) => (channel === 'docent:call' ? router.api(APP_PAGE, args[0], args[1]) : router.desktop(APP_PAGE, args[0], args[1])),
      on: (channel, l) => listeners.set(channel, (listeners.get(channel) ?? new Set()).add(l)),
      removeListener: (channel, l) => listeners.get(channel)?.delete(l),
    };
    const bridge = makeBridge(ipc, () => {
      throw new Error('not a file on disk');
    });
    const r = await bridge.request('search:query', { text: 'houtmulch prijs' });
    expect(r.ok && r.result.hits[0]?.path).toMatch(/houtmulch\.md$/);
    const seen: unknown[] = [];
    const off = bridge.on('index:file', (p) => seen.push(p.path));
    const send = (name: string, payload: unknown): void => listeners.get('docent:event')?.forEach((l) => l(undefined as never, name, payload));
    send('index:progress', { folder: docs });
    send('index:file', { path: '/x.md' });
    off();
    send('index:file', { path: '/y.md' });
    expect(seen).toEqual(['/x.md']);
    expect(bridge.pathForFile({} as File)).toBe('');
  });

  it('the compiled preload requires nothing but electron (a sandboxed preload can load nothing else)', () => {
    const js = readFileSync(join(REPO, 'dist', 'preload', 'preload.cjs'), 'utf8');
    expect([...js.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1])).toEqual(['electron']);
  });
});

describe('the index process stopping', () => {
  const t = tempDir();
  afterAll(t.cleanup);
  const config = (dbPath: string) => ({ DOCENT_HOST_CONFIG: JSON.stringify({ dbPath, settingsPath: join(t.dir, 'settings.json'), modelsDir: join(t.dir, 'models') }) });

  function forkHost(env: NodeJS.ProcessEnv, children: Array<ReturnType<typeof fork>>): HostProcess {
    const child = fork(join(REPO, 'test', 'helpers', 'hostChild.ts'), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env }, serialization: 'advanced', stdio: 'inherit' });
    children.push(child);
    return {
      postMessage: (m) => child.send(m),
      onMessage: (l) => child.on('message', l),
      onExit: (l) => child.on('exit', (code, signal) => l(code ?? signal)),
      kill: () => void child.kill(),
    };
  }

  it('answers calls in flight with an error, restarts it, and gives up after repeated crashes', async () => {
    const children: Array<ReturnType<typeof fork>> = [];
    const fatal: string[] = [];
    const client = new BackendClient({ spawn: () => forkHost(config(join(t.dir, 'index.sqlite')), children), openFile: async () => false, onEvent: () => undefined, onFatal: (e) => fatal.push(e), maxRestarts: 2 });
    expect(await client.call('index:status', {})).toMatchObject({ ok: true, result: { folders: [] } });

    const inFlight = client.call('chat:sessions', {});
    children[0]!.kill('SIGKILL');
    expect(await inFlight).toMatchObject({ ok: false, error: { error: "Docent's index process stopped unexpectedly (exit code SIGKILL)", hint: expect.stringContaining('Your index is kept') } });
    // Started again: the next call is answered by the new process.
    expect(await client.call('index:status', {})).toMatchObject({ ok: true });
    expect(children).toHaveLength(2);

    children[1]!.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
    expect(await client.call('index:status', {})).toMatchObject({ ok: true });
    children[2]!.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    expect(fatal).toEqual([expect.stringContaining('and again after 2 restarts')]);
    expect(await client.call('index:status', {})).toMatchObject({ ok: false, error: { hint: expect.stringContaining('Quit and reopen Docent') } });
    expect(children).toHaveLength(3);
  });

  it('reports an index that cannot be opened, and closes cleanly when asked', async () => {
    const children: Array<ReturnType<typeof fork>> = [];
    mkdirSync(join(t.dir, 'a-folder.sqlite'));
    const broken = new BackendClient({ spawn: () => forkHost(config(join(t.dir, 'a-folder.sqlite')), children), openFile: async () => false, onEvent: () => undefined });
    expect(await broken.call('index:status', {})).toMatchObject({ ok: false, error: { error: expect.stringContaining('the index could not be opened: cannot open the index at') } });

    const good = new BackendClient({ spawn: () => forkHost(config(join(t.dir, 'index2.sqlite')), children), openFile: async () => false, onEvent: () => undefined });
    expect(await good.call('index:status', {})).toMatchObject({ ok: true });
    const exited = new Promise<number | null>((r) => children[1]!.on('exit', (code) => r(code)));
    await good.close();
    expect(await exited).toBe(0);
    expect(await good.call('index:status', {})).toMatchObject({ ok: false, error: { error: 'Docent is closing' } });
  });
});
