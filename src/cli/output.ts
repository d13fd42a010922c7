import { DocentError } from '../shared/errors.js';
import { explainStoreError } from '../pipeline/store/storeErrors.js';

const isTty = (): boolean => !!process.stdout.isTTY && !process.env.NO_COLOR;

/** Renders **marked** words bold on a terminal and plainly elsewhere. */
export function renderMarks(s: string): string {
  return isTty() ? s.replace(/\*\*(.+?)\*\*/g, '\x1b[1m$1\x1b[22m') : s;
}

export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

/** Prints an error for a person (message, then what to do) and sets a failing exit code. */
export function reportError(err: unknown, debug = process.argv.includes('--debug')): void {
  const known = err instanceof DocentError ? err : explainStoreError(err, dbPathFromArgs());
  if (known) {
    process.stderr.write(`docent: ${known.message}\n`);
    if (known.hint) process.stderr.write(`  ${known.hint}\n`);
    if (debug && known !== err) process.stderr.write(`${(err as Error)?.stack ?? String(err)}\n`);
  } else {
    // A stack trace is for a bug report: shown with --debug only.
    process.stderr.write(`docent: unexpected error: ${(err as Error)?.message ?? String(err)}\n`);
    process.stderr.write(debug ? `${(err as Error)?.stack ?? ''}\n` : '  Run it again with --debug to see the details, and report them if it keeps happening.\n');
  }
  process.exitCode = 1;
}

/** The --db given on the command line, for error messages. */
function dbPathFromArgs(): string | undefined {
  const i = process.argv.indexOf('--db');
  return i >= 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith('--db='))?.slice(5);
}
