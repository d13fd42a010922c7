import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
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
 */
export function docent(args: string[], home: string, env: NodeJS.ProcessEnv = {}): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: childEnv(home, env),
    // Only a hung command reaches this; a slow, busy machine does not.
    timeout: 600_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Runs `docent` on a terminal (a pseudo-terminal made by util-linux's `script`), as a user at a
 * shell sees it: what it writes to the terminal, both streams, with line redraws kept as \r.
 */
export function docentOnTerminal(args: string[], home: string): CliResult {
  const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
  const command = [process.execPath, BIN, ...args].map(quote).join(' ');
  const r = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8', env: childEnv(home), timeout: 600_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function docentJson<T>(args: string[], home: string): T {
  const r = docent([...args, '--json'], home);
  if (r.status !== 0) throw new Error(`docent ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

export function spawnDocent(args: string[], home: string): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], { env: childEnv(home), stdio: 'ignore' });
}

/** As `docent`, without blocking this process (for tests that serve something the CLI fetches). */
export function docentAsync(args: string[], home: string, env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: childEnv(home, env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill(), 600_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
