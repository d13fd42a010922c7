import { resolve } from 'node:path';
import { realpathSync } from 'node:fs';
import { DocentError } from '../../shared/errors.js';
import { openStore, type GlobalOptions } from '../context.js';

export function runForget(folder: string, opts: GlobalOptions): void {
  const store = openStore(opts);
  try {
    const candidates = [resolve(folder)];
    try {
      candidates.push(realpathSync(folder));
    } catch {
      // the folder may be gone from disk already; it can still be forgotten by its path
    }
    const root = candidates.map((p) => store.rootByPath(p)).find(Boolean);
    if (!root) {
      const known = store.roots().map((r) => r.path);
      throw new DocentError(
        `${folder} is not an indexed folder`,
        known.length ? `Indexed folders: ${known.join(', ')}` : 'No folder is indexed yet.',
      );
    }
    const n = store.removeRoot(root.id);
    process.stdout.write(`Forgot ${root.path} (${n} files and their chunks removed).\n`);
  } finally {
    store.close();
  }
}
