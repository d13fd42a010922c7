import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, createWriteStream } from 'node:fs';
import { basename, dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { once } from 'node:events';
import { DocentError } from '../../shared/errors.js';

export interface DownloadProgress {
  file: string;
  received: number;
  /** Bytes in all, once the server has said. */
  total: number | null;
  resumedFrom: number;
}

export interface DownloadOptions {
  url: string;
  dest: string;
  /** The SHA-256 the file must have; else the server's (Hugging Face sends it as X-Linked-Etag for large files). */
  sha256?: string;
  onProgress?: (p: DownloadProgress) => void;
  signal?: AbortSignal;
}

const HEX64 = /^[0-9a-f]{64}$/;

/** The SHA-256 a server vouches for: Hugging Face's X-Linked-Etag (or ETag) when it is one. */
function serverSha256(headers: Headers): string | undefined {
  for (const name of ['x-linked-etag', 'etag']) {
    const v = headers.get(name)?.replace(/^W\//, '').replace(/"/g, '').toLowerCase();
    if (v && HEX64.test(v)) return v;
  }
  return undefined;
}

async function hashFile(path: string, hash = createHash('sha256')): Promise<ReturnType<typeof createHash>> {
  await pipeline(createReadStream(path), new Transform({ transform: (chunk, _e, done) => (hash.update(chunk), done()) }));
  return hash;
}

/**
 * Downloads one model file into place: into `<dest>.part` first, resumed from where an earlier
 * try stopped (an HTTP Range request), hashed as it arrives, and moved to `dest` only when its
 * size and SHA-256 check out. A file that does not check out is deleted, with an error saying so.
 */
export async function downloadFile(options: DownloadOptions): Promise<{ path: string; sha256: string; size: number; resumedFrom: number }> {
  const part = `${options.dest}.part`;
  mkdirSync(dirname(options.dest), { recursive: true });
  let have = existsSync(part) ? statSync(part).size : 0;
  const res = await fetch(options.url, { headers: have ? { Range: `bytes=${have}-` } : {}, signal: options.signal, redirect: 'follow' }).catch((err: Error) => {
    throw new DocentError(`could not reach ${new URL(options.url).host}: ${err.message}`, 'Check the internet connection and try again; the download resumes where it stopped.');
  });
  if (res.status === 416 && have) {
    // The part is complete (or longer than the file): start over.
    rmSync(part, { force: true });
    return downloadFile(options);
  }
  if (!res.ok || !res.body) throw new DocentError(`the download of ${basename(options.dest)} failed: HTTP ${res.status}`, 'Try again later, or put the file in the models folder yourself.');
  if (have && res.status !== 206) have = 0; // the server ignored the Range: the whole file comes again
  const resumedFrom = have;
  const length = Number(res.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? have + length : null;
  const expected = options.sha256?.toLowerCase() ?? serverSha256(res.headers);
  const hash = have ? await hashFile(part) : createHash('sha256');
  let received = have;
  options.onProgress?.({ file: basename(options.dest), received, total, resumedFrom });
  let lastReport = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _e, done) {
      hash.update(chunk);
      received += chunk.length;
      const now = Date.now();
      if (now - lastReport > 100) {
        lastReport = now;
        options.onProgress?.({ file: basename(options.dest), received, total, resumedFrom });
      }
      done(null, chunk);
    },
  });
  const out = createWriteStream(part, { flags: have ? 'a' : 'w' });
  try {
    await pipeline(Readable.fromWeb(res.body as never), meter, out, { signal: options.signal });
  } catch (err) {
    // A cut connection rejects before the part's last bytes are on disk: a resume that measured
    // it meanwhile would ask for them again and write them twice.
    if (!out.closed) await once(out, 'close');
    throw err;
  }
  options.onProgress?.({ file: basename(options.dest), received, total, resumedFrom });
  const sha256 = hash.digest('hex');
  if (total !== null && received !== total) {
    throw new DocentError(`the download of ${basename(options.dest)} stopped early (${received} of ${total} bytes)`, 'Run the download again: it resumes where it stopped.');
  }
  if (expected && sha256 !== expected) {
    rmSync(part, { force: true });
    throw new DocentError(`the downloaded ${basename(options.dest)} is corrupted: its SHA-256 is ${sha256.slice(0, 12)}…, expected ${expected.slice(0, 12)}…`, 'It was deleted; download it again.');
  }
  renameSync(part, options.dest);
  rememberSha256(options.dest, sha256);
  return { path: options.dest, sha256, size: received, resumedFrom };
}

/** Where a file's known SHA-256 is kept, beside it: `<file>.sha256` with the size and mtime it was taken at. */
const sidecar = (path: string): string => `${path}.sha256`;

function rememberSha256(path: string, sha256: string): void {
  const st = statSync(path);
  writeFileSync(sidecar(path), `${sha256} ${st.size} ${Math.round(st.mtimeMs)}\n`);
}

const hashing = new Map<string, Promise<void>>();

/**
 * A model file's SHA-256 when it is known for this version of the file; otherwise null, and it is
 * worked out in the background (a large model takes seconds) for the next time it is asked.
 */
export function cachedSha256(path: string): string | null {
  try {
    const st = statSync(path);
    if (existsSync(sidecar(path))) {
      const [sha, size, mtime] = readFileSync(sidecar(path), 'utf8').trim().split(' ');
      if (Number(size) === st.size && Number(mtime) === Math.round(st.mtimeMs) && HEX64.test(sha ?? '')) return sha!;
    }
  } catch {
    return null;
  }
  if (!hashing.has(path)) {
    hashing.set(
      path,
      hashFile(path)
        .then((h) => rememberSha256(path, h.digest('hex')))
        .catch(() => undefined)
        .finally(() => hashing.delete(path)),
    );
  }
  return null;
}

/** Settles when background hashing has finished (tests, and the CLI before it prints). */
export async function hashesSettled(): Promise<void> {
  await Promise.all(hashing.values());
}
