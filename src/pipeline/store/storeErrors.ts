import { DocentError } from '../../shared/errors.js';

/**
 * Every SQLite error a user can meet, as what happened and what to do about it (no stack trace).
 * Undefined for anything that is not an SQLite error.
 */
export function explainStoreError(err: unknown, dbPath?: string): DocentError | undefined {
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return undefined;
  const where = dbPath ? ` (${dbPath})` : '';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new DocentError(`the index is busy: another Docent is writing to it${where} and did not finish in time`, 'Try again in a moment. If it keeps happening, close the other Docent (the app or a docent command) and run this again.');
  }
  // sqlite-vec reports a full disk while creating its tables as a plain SQLITE_ERROR: its message says it.
  if (code === 'SQLITE_FULL' || /database or disk is full/i.test((err as Error).message ?? '')) {
    return new DocentError(`the disk that holds the index is full${where}`, 'Free some space and run this again: nothing indexed so far is lost, and indexing continues where it stopped.');
  }
  if (code.startsWith('SQLITE_READONLY')) {
    return new DocentError(`the index cannot be written: the file or its folder is read-only${where}`, 'Check its permissions, or pass another file with --db.');
  }
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') {
    return new DocentError(`the index is damaged${where}`, 'Move the file aside (keep it if you want to report the problem) and index your folders again; your own files are not affected.');
  }
  if (code.startsWith('SQLITE_CANTOPEN')) {
    return new DocentError(`the index cannot be opened${where}`, 'Check that its folder exists and is writable, or pass another file with --db.');
  }
  if (code.startsWith('SQLITE_IOERR')) {
    return new DocentError(`the disk reported an error while Docent was using the index${where} (${code})`, 'Check the disk (is it full, removed or failing?) and run this again.');
  }
  return new DocentError(`the index reported an error${where}: ${(err as Error).message} (${code})`, 'Run this again; if it keeps happening, run it with --debug and report what it prints.');
}
