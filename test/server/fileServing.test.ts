// Serving files with the checks of indexing made again at the moment of opening (issue 44).
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Indexer } from '../../src/pipeline/index/indexer.js';
import { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { Backend } from '../../src/server/backend.js';
import { startServer, type RunningServer } from '../../src/server/server.js';
import { tempDir } from '../helpers/tmp.js';

const t = tempDir('docent-serving-');
const docs = join(t.dir, 'docs');
const outside = join(t.dir, 'outside');
let backend: Backend;
let server: RunningServer;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function api(channel: string, body: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${server.url}/api/${channel}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${server.token}` }, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}
const idOf = (path: string): number => {
  const s = IndexStore.open(join(t.dir, 'index.sqlite'));
  try {
    return s.fileByPath(path)!.id;
  } finally {
    s.close();
  }
};
const get = (id: string) => fetch(`${server.url}/files/${id}?token=${encodeURIComponent(server.token)}`);

beforeAll(async () => {
  mkdirSync(join(docs, 'sub'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, 'passwd'), 'root:x:0:0:root:/root:/bin/bash\n');
  writeFileSync(join(docs, 'notes.md'), '# Notes\n\nThe boiler is serviced in spring.\n');
  writeFileSync(join(docs, 'swapped.md'), '# Swapped\n\nThis file will become a link.\n');
  writeFileSync(join(docs, 'sub', 'inner.md'), '# Inner\n\nIts folder will become a link.\n');
  writeFileSync(join(docs, 'secret.key'), 'PRIVATE KEY\n');
  const store = IndexStore.open(join(t.dir, 'index.sqlite'));
  await new Indexer(store).indexRoot(docs);
  store.close();
  backend = await Backend.open({ dbPath: join(t.dir, 'index.sqlite'), settingsPath: join(t.dir, 'settings.json'), modelsDir: join(t.dir, 'models'), vectors: false, watch: false });
  server = await startServer({ backend });
});
afterAll(async () => {
  await server.close();
  await backend.close();
  t.cleanup();
});

describe('serving indexed files', () => {
  it('serves an indexed file by its id, at an address that ends with its name (the tab\'s title)', async () => {
    const res = await get(String(idOf(join(docs, 'notes.md'))));
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/boiler/);
    const open = await api('files:open', { path: join(docs, 'notes.md') });
    expect(open.json.url).toMatch(new RegExp(`^/files/${idOf(join(docs, 'notes.md'))}/notes\\.md\\?token=`));
    const named = await fetch(`${server.url}${open.json.url}`);
    expect(named.status).toBe(200);
    expect(named.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''notes.md");
    // The name is for the title only: the id chooses the file, and a deeper path names none.
    expect((await get(`${idOf(join(docs, 'notes.md'))}/secret.key`)).status).toBe(200);
    expect((await get(`${idOf(join(docs, 'notes.md'))}/a/b`)).status).toBe(404);
  });

  it('refuses a file that was skipped, by the API and by its id', async () => {
    const open = await api('files:open', { path: join(docs, 'secret.key') });
    expect(open.status).toBe(403);
    expect(open.json.error).toMatch(/was not indexed \(unsupported file type \.key\)/);
    expect((await get(String(idOf(join(docs, 'secret.key'))))).status).toBe(403);
  });

  it('refuses an indexed file swapped for a link, and one whose folder was swapped for a link', async () => {
    const swappedId = idOf(join(docs, 'swapped.md'));
    rmSync(join(docs, 'swapped.md'));
    symlinkSync(join(outside, 'passwd'), join(docs, 'swapped.md'));
    const res = await get(String(swappedId));
    expect(res.status).toBe(403);
    expect(await res.text()).not.toMatch(/root:x/);
    expect((await api('files:open', { path: join(docs, 'swapped.md') })).status).toBe(403);

    const innerId = idOf(join(docs, 'sub', 'inner.md'));
    renameSync(join(docs, 'sub'), join(t.dir, 'moved-sub'));
    writeFileSync(join(outside, 'inner.md'), 'root:x:0:0 (outside the indexed folders)\n');
    symlinkSync(outside, join(docs, 'sub'));
    const inner = await get(String(innerId));
    expect(inner.status).toBe(403);
    expect(await inner.text()).toMatch(/outside the indexed folders/);
  });

  it('reads ids strictly: 1e0, 0x1, 01 and -1 name no file', async () => {
    for (const id of ['1e0', '0x1', '01', '-1', '1.0', ' 1']) expect((await get(encodeURIComponent(id))).status, id).toBe(404);
  });

  it('answers a request body over 1 MB with a 400 that says so, not a reset connection', async () => {
    const status = await new Promise<{ code: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: '/api/search:query', method: 'POST', headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ code: res.statusCode!, body }));
      });
      req.on('error', reject);
      req.end(JSON.stringify({ query: 'x'.repeat(2 * 1024 * 1024) }));
    });
    expect(status.code).toBe(400);
    expect(status.body).toMatch(/larger than 1 MB/);
  });
});
