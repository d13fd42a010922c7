import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { settingsPath } from '../../pipeline/config.js';
import { Backend } from '../../server/backend.js';
import { startServer } from '../../server/server.js';
import { dbPathOf, modelsDir, type GlobalOptions } from '../context.js';

export interface ServeOptions extends GlobalOptions {
  port?: number;
  open?: boolean;
  vectors: boolean;
}

/** The built renderer, beside the compiled code (dist/renderer). */
export const RENDERER_DIR = fileURLToPath(new URL('../../renderer/', import.meta.url));

/** Opens a URL in the default browser (the platform's own opener: one command each, no library needed). */
function openInBrowser(url: string): void {
  const [cmd, args] = process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  spawn(cmd, args, { stdio: 'ignore', detached: true }).on('error', () => process.stderr.write(`note: could not open a browser; open ${url} yourself\n`)).unref();
}

/**
 * Docent in a browser: the app's API and renderer over loopback HTTP, until interrupted. The
 * address printed carries the token; nothing is reachable without it, nor from another machine.
 */
export async function runServe(opts: ServeOptions): Promise<void> {
  const backend = await Backend.open({ dbPath: dbPathOf(opts), settingsPath: settingsPath(), modelsDir: modelsDir(), vectors: opts.vectors });
  const staticDir = existsSync(join(RENDERER_DIR, 'index.html')) ? RENDERER_DIR : undefined;
  const server = await startServer({ backend, port: opts.port ?? 0, staticDir });
  if (!staticDir) process.stderr.write('note: the user interface is not built (npm run build:renderer); serving the API only\n');
  process.stdout.write(`Docent is at ${server.openUrl}\n(loopback only; the address carries this run's token. Ctrl+C to stop.)\n`);
  if (opts.open) openInBrowser(server.openUrl);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  await backend.close();
}
