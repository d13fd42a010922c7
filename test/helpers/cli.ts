import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { REPO } from './tmp.js';

export const BIN = join(REPO, 'bin', 'docent.js');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A child's environment: its own DOCENT_HOME and an (empty unless filled) models folder beside it. */
function childEnv(home: string, env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, DOCENT_HOME: home, DOCENT_MODELS: join(home, 'models'), NO_COLOR: '1', ...env };
}

/**
 * Runs `docent` as a user would, in a child process, with its own DOCENT_HOME and models folder
 * (empty unless the test puts a model there), so a model installed in the checkout changes nothing.
 * Without blocking this process: a command waited for synchronously held the test worker's event
 * loop for its whole run, and on a busy machine past vitest's 60 s limit for the worker's reports.
 */
export function docent(args: string[], home: string, env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runChild(process.execPath, [BIN, ...args], childEnv(home, env));
}

/** A child's exit status and output, waited for without blocking this process. */
export function runChild(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env });
    let stdout = '';
    let stderr = '';
    // Decoded as streams: a character split across two chunks is read whole.
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    // Only a hung command reaches this; a slow, busy machine does not.
    const timer = setTimeout(() => child.kill(), 600_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/**
 * Runs `docent` on a terminal (a pseudo-terminal made by util-linux's `script`), as a user at a
 * shell sees it: what it writes to the terminal, both streams, with line redraws kept as \r.
 */
export function docentOnTerminal(args: string[], home: string): Promise<CliResult> {
  const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
  const command = [process.execPath, BIN, ...args].map(quote).join(' ');
  return runChild('script', ['-qec', command, '/dev/null'], childEnv(home));
}

export async function docentJson<T>(args: string[], home: string): Promise<T> {
  const r = await docent([...args, '--json'], home);
  if (r.status !== 0) throw new Error(`docent ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

export function spawnDocent(args: string[], home: string): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], { env: childEnv(home), stdio: 'ignore' });
}
