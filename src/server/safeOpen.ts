import { closeSync, constants, fstatSync, openSync, realpathSync, statSync } from 'node:fs';
import { sep } from 'node:path';

/** Why a file may not be served, for a 403 that says so. */
export class RefusedFile extends Error {}

/**
 * Opens an indexed file for serving, with the checks indexing made done again at the moment of
 * opening: the file itself is not a link (O_NOFOLLOW), its real path (every folder's links
 * resolved) lies inside one of the indexed folders' real paths, and the file opened is that very
 * file (same device and inode), so a file swapped for a link, or a folder swapped for one, after
 * indexing is refused. Returns the open descriptor; the caller closes it (a read stream does).
 */
export function openIndexedFile(path: string, roots: readonly string[]): { fd: number; size: number } {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EMLINK') throw new RefusedFile('the file has been replaced by a link since it was indexed');
    throw err;
  }
  try {
    const real = realpathSync(path);
    const inside = roots.some((r) => {
      let root: string;
      try {
        root = realpathSync(r);
      } catch {
        return false;
      }
      return real.startsWith(root + sep);
    });
    if (!inside) throw new RefusedFile('the file now lies outside the indexed folders (a folder on its path was replaced by a link)');
    const opened = fstatSync(fd);
    const named = statSync(real);
    if (!opened.isFile()) throw new RefusedFile('it is not a regular file');
    if (opened.ino !== named.ino || opened.dev !== named.dev) throw new RefusedFile('the file changed while it was being opened');
    return { fd, size: opened.size };
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}
