import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HotkeyBinding } from '../../src/main/hotkey.js';
import { createIpcRouter } from '../../src/main/ipcRouter.js';
import { Backend } from '../../src/server/backend.js';
import { startServer, type RunningServer } from '../../src/server/server.js';
import { FIXTURES, REPO, tempDir } from '../helpers/tmp.js';

/**
 * The real renderer in Debian's Chromium, in both of its modes:
 * - as the desktop app runs it: `window.docent` is the preload's bridge, here carried to the
 *   main process's real IPC router (sender check aside: a page served over loopback has no
 *   docent:// address) and the real back end; Electron itself cannot start on these machines;
 * - in the browser, the model manager against a loopback stand-in for the model hub.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = join(REPO, 'test-results', 'screenshots');
const TINY_GGUF = new URL('../../../shared/models/stories260K.gguf', import.meta.url).pathname;
const MODEL = readFileSync(TINY_GGUF);
const SHA = createHash('sha256').update(MODEL).digest('hex');

let t: ReturnType<typeof tempDir>;
let backend: Backend;
let server: RunningServer;
let hub: Server;
let browser: Browser;
const actions: string[] = [];
let router: ReturnType<typeof createIpcRouter>;
const shortcuts = new Set<string>();

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`);
  t = tempDir();
  const out = join(t.dir, 'renderer');
  await build({ configFile: join(REPO, 'vite.config.ts'), logLevel: 'error', build: { outDir: out, emptyOutDir: true, sourcemap: false } });
  mkdirSync(join(t.dir, 'models'));
  backend = await Backend.open({ dbPath: join(t.dir, 'index.sqlite'), settingsPath: join(t.dir, 'settings.json'), modelsDir: join(t.dir, 'models'), watch: false, vectors: false });
  server = await startServer({ backend, staticDir: out });
  const hotkey = new HotkeyBinding({ register: (a) => (shortcuts.add(a), true), unregister: (a) => void shortcuts.delete(a) }, () => undefined);
  hotkey.bind('CommandOrControl+Shift+Space');
  router = createIpcRouter({
    backend: { call: (channel, args) => backend.handle(channel, args) },
    hotkey,
    actions: {
      pickFolder: async () => null,
      pickModelFile: async () => null,
      hideLauncher: () => void actions.push('hideLauncher'),
      openChat: (q) => void actions.push(`openChat:${q}`),
    },
  });

  // The model hub's stand-in: the real tiny GGUF at the recommended model's address, sent slowly
  // enough to watch; the encoder's files never finish (to stop one half-way).
  hub = createServer((req, res) => {
    if (!req.url?.includes('GGUF')) {
      res.writeHead(200, { 'Content-Length': '1000000' });
      res.write(Buffer.alloc(1000));
      return;
    }
    const start = Number(/bytes=(\d+)-/.exec(req.headers.range ?? '')?.[1] ?? 0);
    res.writeHead(start ? 206 : 200, { 'Content-Length': String(MODEL.length - start), 'X-Linked-Etag': `"${SHA}"` });
    const body = MODEL.subarray(start);
    const step = Math.ceil(body.length / 10);
    let i = 0;
    const timer = setInterval(() => {
      if (res.destroyed) return clearInterval(timer);
      res.write(body.subarray(i * step, (i + 1) * step));
      if (++i === 10) {
        clearInterval(timer);
        res.end();
      }
    }, 250);
  });
  await new Promise<void>((r) => hub.listen(0, '127.0.0.1', r));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: process.getuid?.() === 0 ? ['--no-sandbox'] : [] });
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  delete process.env.HF_ENDPOINT;
  await browser?.close();
  hub?.closeAllConnections();
  hub?.close();
  await server?.close();
  await backend?.close();
  t?.cleanup();
});

/** A page with the desktop bridge: requests to the IPC router, events and commands from the back end. */
async function desktopPage(hash: string, paths: Record<string, string>): Promise<{ page: Page; command: (c: unknown) => Promise<void> }> {
  const page = await browser.newPage({ viewport: { width: 760, height: 520 } });
  await page.exposeFunction('__docentIpc', (kind: string, channel: string, args: unknown) => (kind === 'api' ? router.api('docent://app/index.html', channel, args) : router.desktop('docent://app/index.html', channel, args)));
  await page.addInitScript((dropPaths: Record<string, string>) => {
    type L = { name: string; fn: (p: unknown) => void };
    const listeners: L[] = [];
    const w = window as unknown as Record<string, unknown>;
    const ipc = w.__docentIpc as (kind: string, channel: string, args: unknown) => Promise<unknown>;
    w.__docentEmit = (name: string, payload: unknown) => listeners.filter((l) => l.name === name).forEach((l) => l.fn(payload));
    w.docent = {
      request: (channel: string, args: unknown) => ipc('api', channel, args),
      desktop: (channel: string, args: unknown) => ipc('desktop', channel, args),
      on: (name: string, fn: (p: unknown) => void) => {
        const l = { name, fn };
        listeners.push(l);
        return () => listeners.splice(listeners.indexOf(l), 1);
      },
      onCommand: (fn: (c: unknown) => void) => {
        const l = { name: '__command', fn };
        listeners.push(l);
        return () => listeners.splice(listeners.indexOf(l), 1);
      },
      pathForFile: (f: File) => dropPaths[f.name] ?? '',
    };
  }, paths);
  const off = backend.on((name, payload) => void page.evaluate(([n, p]) => (window as unknown as { __docentEmit: (n: unknown, p: unknown) => void }).__docentEmit(n, p), [name, payload] as const).catch(() => undefined));
  page.on('close', off);
  await page.goto(`${server.url}/${hash}`);
  return { page, command: (c) => page.evaluate((cmd) => (window as unknown as { __docentEmit: (n: string, p: unknown) => void }).__docentEmit('__command', cmd), c) };
}

/** Drops files (by name; the bridge gives their paths) on an element, as a drag from the file manager does. */
async function drop(page: Page, selector: string, names: string[]): Promise<void> {
  await page.evaluate(
    ([sel, files]) => {
      const dt = new DataTransfer();
      for (const name of files) dt.items.add(new File(['x'], name));
      const el = document.querySelector(sel)!;
      el.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      el.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    },
    [selector, names] as const,
  );
}

describe('the renderer as the desktop app runs it (the preload’s bridge and the main process’s router)', () => {
  it('the launcher window: a dropped folder is indexed, a dropped file refused with why; Ctrl+Enter hands the words to the chat window', async () => {
    const notes = join(t.dir, 'Notes');
    cpSync(join(FIXTURES, 'docs'), notes, { recursive: true });
    const { page } = await desktopPage('#launcher', { Notes: notes, 'photo.png': join(notes, 'photo.png') });
    await drop(page, '.launcher-window', ['Notes', 'photo.png']);
    const notice = page.locator('.notice');
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(new RegExp(`Indexing ${notes.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.\\s+Not added: .*photo\\.png: photo\\.png is a file: Docent indexes whole folders`));
    await backend.idle();
    const input = page.getByRole('searchbox', { name: 'Search your files' });
    await input.fill('houtmulch prijs');
    await expect.poll(() => page.getByRole('option').first().innerText(), { timeout: 10_000 }).toMatch(/houtmulch\.md/);
    await page.screenshot({ path: join(SHOTS, '5-desktop-launcher.png') });
    await input.press('Control+Enter');
    await expect.poll(() => actions).toContain('openChat:houtmulch prijs');
    await input.press('Escape');
    await expect.poll(() => actions).toContain('hideLauncher');
    await page.close();
  }, 90_000);

  it('the main window: the launcher’s question arrives as a command and is answered in the chat; the tray’s view command switches views', async () => {
    const { page, command } = await desktopPage('', {});
    await page.getByRole('tab', { name: 'Search' }).waitFor();
    await command({ kind: 'ask', question: 'Wat kost houtmulch?' });
    const turn = page.locator('.turn').first();
    await turn.locator('.answer').waitFor({ timeout: 30_000 });
    expect(await turn.locator('.answer-text').innerText()).toMatch(/45 euro/);
    expect(await page.getByRole('tab', { name: 'Chat' }).getAttribute('aria-selected')).toBe('true');
    await command({ kind: 'view', view: 'settings' });
    await page.getByLabel('Hotkey').waitFor();
    // A hotkey the system refuses never reaches the settings file: the reason is shown.
    await page.getByLabel('Hotkey').fill('Shift+K');
    expect(await page.locator('#hotkey-help').innerText()).toMatch(/take the K key away/);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText(/would take the K key away from every other app/).last().waitFor();
    await page.getByLabel('Hotkey').fill('ctrl+alt+k');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Saved.').waitFor();
    expect(await page.getByLabel('Hotkey').inputValue()).toBe('Control+Alt+K');
    expect([...shortcuts]).toEqual(['Control+Alt+K']);
    await page.close();
  }, 60_000);
});

describe('the model manager in Settings (browser mode)', () => {
  it('adds a model by its path, downloads a recommended one with a progress bar, and stops another half-way', async () => {
    process.env.HF_ENDPOINT = `http://127.0.0.1:${(hub.address() as AddressInfo).port}`;
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    await page.goto(server.openUrl);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Installed models' }).waitFor();
    expect(await page.getByText('None yet: the built-in engines answer.').count()).toBe(1);

    await page.getByLabel('Add a model you have').fill(join(FIXTURES, 'docs', 'recipes.html'));
    await page.getByRole('button', { name: 'Add model' }).click();
    await page.getByText(/recipes\.html is not a model file/).waitFor();
    await page.getByLabel('Add a model you have').fill(TINY_GGUF);
    await page.getByRole('button', { name: 'Add model' }).click();
    await page.getByText('Added stories260K.gguf.').waitFor();
    await page.getByRole('cell', { name: 'stories260K.gguf' }).waitFor();

    // Each recommended model states its size once, in its button.
    for (const item of await page.locator('.recommended > li').allInnerTexts()) expect(item.match(/\d+(\.\d+)? [MG]B/g) ?? []).toHaveLength(1);
    // No network: the failure is said, and nothing was kept, so there is nothing to resume.
    const lfm = page.getByRole('listitem', { name: 'LFM2.5-1.2B-Instruct-Q4_K_M.gguf' });
    process.env.HF_ENDPOINT = 'http://127.0.0.1:9';
    await lfm.getByRole('button', { name: /^Download/ }).click();
    await lfm.getByRole('alert').waitFor({ timeout: 20_000 });
    expect(await lfm.getByRole('button').innerText()).toMatch(/^Download \(\d+ MB\)$/);
    process.env.HF_ENDPOINT = `http://127.0.0.1:${(hub.address() as AddressInfo).port}`;
    await lfm.getByRole('button', { name: /^Download/ }).click();
    const bar = lfm.getByRole('progressbar');
    await bar.waitFor();
    await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, '6-model-download.png'), fullPage: true });
    await lfm.getByText('Installed').waitFor({ timeout: 20_000 });
    await page.getByRole('cell', { name: 'LFM2.5-1.2B-Instruct-Q4_K_M.gguf' }).waitFor();
    expect(createHash('sha256').update(readFileSync(join(t.dir, 'models', 'LFM2.5-1.2B-Instruct-Q4_K_M.gguf'))).digest('hex')).toBe(SHA);

    const encoder = page.getByRole('listitem', { name: 'contriever-msmarco' });
    await encoder.getByRole('button', { name: /^Download/ }).click();
    await encoder.getByRole('button', { name: 'Stop' }).click();
    await encoder.getByText('Stopped. Downloading again resumes where it stopped.').waitFor({ timeout: 10_000 });
    await encoder.getByRole('button', { name: 'Resume download' }).waitFor();
    await page.screenshot({ path: join(SHOTS, '7-models.png'), fullPage: true });
    await page.close();
  }, 90_000);
});
