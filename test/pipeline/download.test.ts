import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOMMENDED_MODELS } from '../../src/pipeline/models/catalog.js';
import { cachedSha256, downloadFile, hashesSettled } from '../../src/pipeline/models/download.js';
import { docent } from '../helpers/cli.js';
import { REPO, tempDir } from '../helpers/tmp.js';

const MODEL = readFileSync(join(REPO, '..', 'shared', 'models', 'stories260K.gguf'));
const SHA = createHash('sha256').update(MODEL).digest('hex');

/**
 * A loopback stand-in for the model hub: serves the real tiny GGUF with Range support and the
 * hub's X-Linked-Etag checksum; `mode` makes it drop the connection half-way, or send damaged bytes.
 */
let mode: 'ok' | 'cut' | 'corrupt' = 'ok';
const requests: string[] = [];
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(`${req.url} ${req.headers.range ?? ''}`);
    const start = Number(/bytes=(\d+)-/.exec(req.headers.range ?? '')?.[1] ?? 0);
    const body = mode === 'corrupt' ? Buffer.from(MODEL.map((b, i) => (i === 5000 ? b ^ 0xff : b))) : MODEL;
    const headers = { 'Content-Type': 'application/octet-stream', 'X-Linked-Etag': `"${SHA}"`, 'Content-Length': String(body.length - start) };
    res.writeHead(start ? 206 : 200, start ? { ...headers, 'Content-Range': `bytes ${start}-${body.length - 1}/${body.length}` } : headers);
    if (mode === 'cut') {
      res.write(body.subarray(start, start + 400_000));
      setTimeout(() => res.destroy(), 50);
    } else res.end(body.subarray(start));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('model downloads (against a loopback server serving a real GGUF)', () => {
  it('resumes an interrupted download where it stopped, and verifies the SHA-256', async () => {
    const t = tempDir();
    try {
      const dest = join(t.dir, 'models', 'tiny.gguf');
      mode = 'cut';
      await expect(downloadFile({ url: `${base}/tiny.gguf`, dest })).rejects.toThrow();
      const partial = statSync(`${dest}.part`).size;
      expect(partial).toBeGreaterThan(0);
      expect(partial).toBeLessThan(MODEL.length);
      expect(existsSync(dest)).toBe(false);
      mode = 'ok';
      const seen: number[] = [];
      const r = await downloadFile({ url: `${base}/tiny.gguf`, dest, onProgress: (p) => seen.push(p.received) });
      expect(r).toMatchObject({ sha256: SHA, size: MODEL.length, resumedFrom: partial });
      expect(requests.at(-1)).toBe(`/tiny.gguf bytes=${partial}-`);
      expect(readFileSync(dest).equals(MODEL)).toBe(true);
      expect(seen.at(-1)).toBe(MODEL.length);
      expect(cachedSha256(dest)).toBe(SHA);
    } finally {
      t.cleanup();
    }
  });

  it('deletes a corrupted download and says so', async () => {
    const t = tempDir();
    try {
      const dest = join(t.dir, 'tiny.gguf');
      mode = 'corrupt';
      await expect(downloadFile({ url: `${base}/tiny.gguf`, dest })).rejects.toThrow(/is corrupted: its SHA-256 is .*expected/);
      expect(existsSync(dest)).toBe(false);
      expect(existsSync(`${dest}.part`)).toBe(false);
      mode = 'ok';
      await expect(downloadFile({ url: `${base}/tiny.gguf`, dest, sha256: '0'.repeat(64) })).rejects.toThrow(/corrupted/);
    } finally {
      mode = 'ok';
      t.cleanup();
    }
  });

  it('knows a file checksum once worked out, and forgets it when the file changes', async () => {
    const t = tempDir();
    try {
      const path = join(t.dir, 'a.gguf');
      writeFileSync(path, MODEL);
      expect(cachedSha256(path)).toBeNull();
      await hashesSettled();
      expect(cachedSha256(path)).toBe(SHA);
      writeFileSync(path, Buffer.concat([MODEL, Buffer.from('x')]));
      expect(cachedSha256(path)).toBeNull();
    } finally {
      t.cleanup();
    }
  });

  it('docent models download fetches a recommended model from the hub (HF_ENDPOINT) and docent models lists it', async () => {
    const t = tempDir();
    try {
      const home = join(t.dir, 'home');
      const gguf = RECOMMENDED_MODELS.find((m) => m.kind === 'gguf')!;
      const env = { HF_ENDPOINT: base };
      const r = await docent(['models', 'download', gguf.id], home, env);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toContain(`sha256 ${SHA}`);
      expect(requests.at(-1)).toMatch(new RegExp(`/resolve/main/${gguf.fileName}`));
      const list = await docent(['models'], home, env);
      expect(list.stdout).toContain(`${gguf.fileName}  gguf`);
      expect(list.stdout).toContain(`sha256 ${SHA}`);
      expect(list.stdout).toMatch(new RegExp(`${gguf.id} \\(installed\\)`));
      const bad = await docent(['models', 'download', 'no-such-model'], home, env);
      expect(bad.status).toBe(1);
      expect(bad.stderr).toMatch(/no recommended model "no-such-model"/);
    } finally {
      t.cleanup();
    }
  });
});
