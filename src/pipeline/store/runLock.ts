/**
 * One indexing job at a time on an index, across processes (the app and the CLI share one
 * index by design): a lock file beside the index, made with O_EXCL, holding the holder's pid.
 * A job that finds it taken waits, and says for whom; a lock whose holder is gone (killed, a
 * crash) is taken over. Written here rather than taken from a package: the usual lock packages
 * (mkdir- or mtime-based) cannot say which process holds the lock, and the message needs that.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

export interface LockHolder {
  pid: number;
  host: string;
  /** ISO time the holder took the lock. */
  since: string;
  /** What it is doing ("indexing /home/ann/Documents"). */
  what: string;
}

export interface RunLock {
  release(): void;
}

export interface AcquireOptions {
  /** Called once when the lock is found taken, before waiting (to tell the user). */
  onWait?: (holder: LockHolder) => void;
  signal?: AbortSignal;
  /** How often to look again (default 250 ms, growing to 2 s). */
  pollMs?: number;
}

export const lockPathOf = (dbPath: string): string => `${dbPath}-indexing.lock`;

function readHolder(path: string): LockHolder | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockHolder;
  } catch {
    return undefined;
  }
}

/** Whether the holder is still running (on another machine sharing the file, assume so). */
function alive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock now if it is free (or its holder is gone); undefined if another process holds it. */
export function tryAcquire(dbPath: string, what: string): RunLock | LockHolder {
  const path = lockPathOf(dbPath);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      const me: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString(), what };
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      const onExit = (): void => release();
      const release = (): void => {
        process.off('exit', onExit);
        if (readHolder(path)?.pid === process.pid) {
          try {
            unlinkSync(path);
          } catch {
            /* already gone */
          }
        }
      };
      process.on('exit', onExit);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(path);
    // A lock being written this instant reads as nothing: look again.
    if (holder && alive(holder)) return holder;
    if (holder) {
      try {
        unlinkSync(path);
      } catch {
        /* taken over by another waiter */
      }
    }
  }
  return readHolder(path) ?? { pid: 0, host: hostname(), since: new Date().toISOString(), what: 'another Docent' };
}

const isLock = (x: RunLock | LockHolder): x is RunLock => 'release' in x;

/** Takes the lock, waiting (without blocking the event loop) while another process holds it. */
export async function acquireRunLock(dbPath: string, what: string, options: AcquireOptions = {}): Promise<RunLock> {
  if (dbPath === ':memory:') return { release: () => undefined };
  let told = false;
  let wait = options.pollMs ?? 250;
  for (;;) {
    const got = tryAcquire(dbPath, what);
    if (isLock(got)) return got;
    if (!told) {
      options.onWait?.(got);
      told = true;
    }
    if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait = Math.min(2000, wait * 1.5);
  }
}
