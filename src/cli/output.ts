import { DocentError } from '../shared/errors.js';

const isTty = (): boolean => !!process.stdout.isTTY && !process.env.NO_COLOR;

/** Renders **marked** words bold on a terminal and plainly elsewhere. */
export function renderMarks(s: string): string {
  return isTty() ? s.replace(/\*\*(.+?)\*\*/g, '\x1b[1m$1\x1b[22m') : s;
}

export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

/** Prints an error for a person (message, then what to do) and sets a failing exit code. */
export function reportError(err: unknown): void {
  if (err instanceof DocentError) {
    process.stderr.write(`docent: ${err.message}\n`);
    if (err.hint) process.stderr.write(`  ${err.hint}\n`);
  } else {
    process.stderr.write(`docent: unexpected error: ${(err as Error)?.stack ?? String(err)}\n`);
  }
  process.exitCode = 1;
}
