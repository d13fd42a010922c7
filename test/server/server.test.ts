import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hybridSearch } from '../../src/pipeline/search/hybridSearch.js';
import { Backend, encoderInWords, LAUNCHER_PASSAGES_PER_FILE, typedFolder } from '../../src/server/backend.js';
import { startServer, type RunningServer } from '../../src/server/server.js';
import { FIXTURES, tempDir } from '../helpers/tmp.js';

let t: ReturnType<typeof tempDir>;
let backend: Backend;
let server: RunningServer;
let docs: string;

beforeAll(async () => {
  t = tempDir();
  docs = join(t.dir, 'docs');
  cpSync(join(FIXTURES, 'docs'), docs, { recursive: true });
  cpSync(join(FIXTURES, 'broken'), join(docs, 'broken'), { recursive: true });
  backend = await Backend.open({ dbPath: join(t.dir, 'index.sqlite'), settingsPath: join(t.dir, 'settings.json'), modelsDir: join(t.dir, 'models'), vectors: false, watch: false });
  server = await startServer({ backend });
});
afterAll(async () => {
  await server.close();
  await backend.close();
  t.cleanup();
});

// Responses of every channel, checked field by field below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function api(channel: string, body: unknown, token = server.token): Promise<{ status: number; json: any }> {
  const res = await fetch(`${server.url}/api/${channel}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}

/** A raw request with a chosen Host header (fetch will not send a forged one). */
function withHost(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path: '/api/index:status', method: 'POST', headers: { Host: host, Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' } }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', reject);
    req.end('{}');
  });
}

describe('the loopback server and the back end behind it', () => {
  it('indexes a dropped folder, streaming progress, and lists broken files with their reasons', async () => {
    const events: string[] = [];
    const controller = new AbortController();
    // Waits on what the stream says, never on the clock: a busy machine only makes it slower.
    let heard: (() => void) | undefined;
    const until = (pattern: RegExp): Promise<void> =>
      new Promise((resolve) => {
        const check = (): void => (pattern.test(events.join('')) ? resolve() : void (heard = check));
        check();
      });
    const sse = fetch(`${server.url}/api/events?token=${server.token}`, { signal: controller.signal }).then(async (res) => {
      const reader = res.body!.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        events.push(new TextDecoder().decode(value));
        heard?.();
      }
    }).catch(() => undefined);
    await until(/: connected/);
    const added = await api('index:addFolder', { path: docs });
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({ path: docs, state: 'scanning' });
    await backend.idle();
    await until(/"state":"idle"/);
    controller.abort();
    await sse;
    const stream = events.join('');
    expect(stream).toMatch(/event: index:progress\ndata: \{"folder":"[^"]+docs","state":"reading"/);
    expect(stream).toMatch(/event: index:file\ndata: .*"status":"failed","reason":"[^"]+"/);
    expect(stream).toMatch(/"state":"idle"/);

    const status = await api('index:status', {});
    expect(status.json.folders[0]).toMatchObject({ path: docs, state: 'idle' });
    expect(status.json.folders[0].failed).toBeGreaterThan(0);
    const failed = await api('index:files', { status: 'failed' });
    expect(failed.json.total).toBe(status.json.folders[0].failed);
    expect(failed.json.files.every((f: { reason: string | null }) => f.reason && f.reason.length > 5)).toBe(true);
    expect(failed.json.files.map((f: { path: string }) => f.path.split('/').pop())).toContain('truncated.pdf');
  });

  it('searches, answers with a citation, and follows up in the same session', async () => {
    const search = await api('search:query', { text: 'warranty heat pump' });
    expect(search.json.hits[0].path).toMatch(/heat-pump-manual\.pdf$/);
    // The launcher lists at most two passages of a file, where the index holds more that match.
    const perFile = (hits: { path: string }[]): number => Math.max(...hits.map((h) => hits.filter((o) => o.path === h.path).length));
    const words = await api('search:query', { text: 'heat pump', k: 20 });
    expect(perFile(words.json.hits)).toBeLessThanOrEqual(LAUNCHER_PASSAGES_PER_FILE);
    expect(perFile((await hybridSearch(backend.store, 'heat pump', { k: 20 })).hits)).toBeGreaterThan(LAUNCHER_PASSAGES_PER_FILE);
    const first = await api('chat:ask', { question: 'Wat is houtmulch?' });
    expect(first.status).toBe(200);
    const second = await api('chat:ask', { question: 'en de prijs?', session: first.json.session, requestId: 'r2' });
    expect(second.json.rewrite.resolved_query).toBe('Wat is de prijs van houtmulch?');
    expect(second.json.answer).toMatch(/45 euro/);
    expect(second.json.hits.length).toBeGreaterThan(0);
    const edited = await api('chat:ask', { question: 'en de prijs?', session: first.json.session, searchFor: 'laag dikte houtmulch' });
    expect(edited.json.rewrite).toMatchObject({ resolved_query: 'laag dikte houtmulch', original_query: 'en de prijs?' });
    const session = await api('chat:session', { id: first.json.session });
    expect(session.json.turns.map((x: { question: string }) => x.question)).toEqual(['Wat is houtmulch?', 'en de prijs?', 'en de prijs?']);
    // Each kept answer keeps its sources, as the answer gave them.
    expect(session.json.turns[1].citations).toEqual(second.json.citations);
    expect(session.json.turns[1].citations[0].path).toMatch(/houtmulch\.md$/);
  });

  it('serves indexed files with the token only, and nothing outside the indexed folders', async () => {
    const open = await api('files:open', { path: join(docs, 'heat-pump-manual.pdf'), page: 3 });
    expect(open.json.opened).toBe(false);
    const fileUrl = `${server.url}${open.json.url}`;
    expect(open.json.url).toMatch(/^\/files\/\d+\/heat-pump-manual\.pdf\?token=.+#page=3$/);
    const file = await fetch(fileUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect((await fetch(fileUrl.replace(/\?token=[^#]+/, ''))).status).toBe(401);
    const outside = await api('files:open', { path: '/etc/passwd' });
    expect(outside.status).toBe(403);
    expect(outside.json.error).toMatch(/not a file in the indexed folders/);
    expect((await fetch(`${server.url}/files/999999?token=${server.token}`)).status).toBe(404);
  });

  it('refuses a wrong token, a foreign Host, malformed and unknown requests, with what is wrong', async () => {
    expect((await api('index:status', {}, 'wrong')).status).toBe(401);
    expect(await withHost('evil.example:80')).toBe(403);
    expect(await withHost(`127.0.0.1:${server.port}`)).toBe(200);
    const bad = await api('search:query', { text: '', k: 5 });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: 'the search is empty', hint: 'Type something to search for.', code: 'invalid' });
    // One limit for what a person types, in the search and in the chat, said in their words.
    for (const [channel, body] of [['search:query', { text: 'x'.repeat(2001) }], ['chat:ask', { question: 'x'.repeat(2001) }]] as const) {
      const long = await api(channel, body);
      expect(long.status).toBe(400);
      expect(long.json.error).toMatch(/^the (search|question) is too long: at most 2,000 characters$/);
      expect(long.json.hint).toBe('Shorten it, or ask about one thing at a time.');
    }
    const extra = await api('chat:ask', { question: 'hi', shell: 'rm -rf /' });
    expect(extra.status).toBe(400);
    const unknown = await api('fs:readFile', { path: '/etc/passwd' });
    expect(unknown.status).toBe(404);
    const notJson = await fetch(`${server.url}/api/index:status`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${server.token}` }, body: '{oops' });
    expect(notJson.status).toBe(400);
    // A folder typed wrong is the user's to put right: 400, with what is wrong and what to do.
    const missing = await api('index:addFolder', { path: join(t.dir, 'no-such-folder') });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ error: `there is no folder at ${join(t.dir, 'no-such-folder')}`, hint: 'Check the spelling of the path.', code: 'invalid' });
    const file = await api('index:addFolder', { path: join(docs, 'houtmulch.md') });
    expect(file.status).toBe(400);
    expect(file.json).toMatchObject({ error: `${join(docs, 'houtmulch.md')} is a file, not a folder`, hint: 'Add the folder that holds it.' });
    const relative = await api('index:addFolder', { path: 'Documents/work' });
    expect(relative.status).toBe(400);
    expect(relative.json.error).toBe('"Documents/work" is not a full path');
    const blank = await api('index:addFolder', { path: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.json).toMatchObject({ error: 'no folder was given', hint: expect.stringMatching(/^Type the path of a folder/) });
  });

  it('names the encoder in words, never by its internal id', () => {
    expect(encoderInWords('use-lite-en-512@1')).toBe('search by meaning with the built-in sentence encoder');
    expect(encoderInWords('onnx:contriever-msmarco')).toBe('search by meaning with contriever-msmarco');
    expect(encoderInWords(undefined)).toBe('search by meaning starts with the first folder');
  });

  it('reads ~ in a typed folder as the home folder', () => {
    mkdirSync(join(t.dir, 'home', 'Documents'), { recursive: true });
    expect(typedFolder('~/Documents', join(t.dir, 'home'))).toBe(join(t.dir, 'home', 'Documents'));
    expect(typedFolder('  ~  ', join(t.dir, 'home'))).toBe(join(t.dir, 'home'));
    expect(() => typedFolder('~/Nothing', join(t.dir, 'home'))).toThrow(`there is no folder at ${join(t.dir, 'home', 'Nothing')}`);
  });

  it('serves the interface from its folder only: an encoded ../ cannot climb out', async () => {
    const ui = join(t.dir, 'ui');
    mkdirSync(ui);
    writeFileSync(join(ui, 'index.html'), '<!doctype html><title>ui</title>');
    writeFileSync(join(t.dir, 'secret.txt'), 'not for the browser');
    const s2 = await startServer({ backend, staticDir: ui });
    try {
      const index = await fetch(`${s2.url}/`);
      expect(index.status).toBe(200);
      expect(index.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
      expect((await fetch(`${s2.url}/..%2fsecret.txt`)).status).toBe(404);
      expect((await fetch(`${s2.url}/%2e%2e%2fsecret.txt`)).status).toBe(404);
      expect((await fetch(`${s2.url}/%E0%A4%A`)).status).toBe(400);
    } finally {
      await s2.close();
    }
  });

  it('keeps settings, validated, across a restart of the back end', async () => {
    const set = await api('settings:set', { hotkey: 'Alt+Space', rewrite: { similarity_threshold: 0.4, max_relevant_turns: 3 } });
    expect(set.json).toMatchObject({ hotkey: 'Alt+Space', rewrite: { similarity_threshold: 0.4 } });
    expect((await api('settings:set', { maxFileMB: -1 })).status).toBe(400);
    // Models are named, never reached by path.
    expect((await api('settings:set', { llm: '../../elsewhere/model.gguf' })).status).toBe(400);
    expect((await api('settings:set', { embedder: 'onnx:../x' })).status).toBe(400);
    expect((await api('settings:set', { llm: 'LFM2.5-1.2B-Instruct-Q4_K_M.gguf' })).status).toBe(200);
    const again = await Backend.open({ dbPath: join(t.dir, 'index2.sqlite'), settingsPath: join(t.dir, 'settings.json'), modelsDir: join(t.dir, 'models'), vectors: false, watch: false });
    expect((await again.handle('settings:get', {})).ok && (await again.handle('settings:get', {}))).toMatchObject({ result: { hotkey: 'Alt+Space' } });
    await again.close();
  });
});
