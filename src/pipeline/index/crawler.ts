import { readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';

export interface CrawlOptions {
  /** Files larger than this are reported as too large instead of being read. */
  maxFileBytes: number;
  /** Extra gitignore-style patterns applied from the root (from settings or --ignore). */
  extraIgnore?: readonly string[];
}

export interface CrawledFile {
  path: string;
  size: number;
  mtimeMs: number;
}

export interface CrawlResult {
  files: CrawledFile[];
  /** Folders that could not be listed, with the reason; their files are left as they were. */
  unreadableDirs: Array<{ path: string; reason: string }>;
  /** Entries that are not regular files (links, FIFOs, sockets, devices), with why they are passed over. */
  passedOver: Array<{ path: string; reason: string }>;
}

const ALWAYS_IGNORED_DIRS = new Set(['node_modules', '__pycache__', '$RECYCLE.BIN', 'System Volume Information']);
const IGNORE_FILES = ['.gitignore', '.docentignore'];

interface Matcher {
  base: string;
  ig: Ignore;
}

/**
 * Lists the files under a root that Docent should look at.
 *
 * Passed over: hidden files and folders (names starting with '.'), node_modules and similar,
 * Office lock files (~$name), anything matched by a .gitignore or .docentignore on the way down
 * (each applies to its own folder and below, as in git) or by extraIgnore.
 *
 * Symbolic links are not followed: what they point to inside the root is reached directly, and
 * what lies outside the root is outside what the user chose to index. This also makes symlink
 * loops harmless.
 */
export function crawl(root: string, options: CrawlOptions): CrawlResult {
  const files: CrawledFile[] = [];
  const unreadableDirs: CrawlResult['unreadableDirs'] = [];
  const passedOver: CrawlResult['passedOver'] = [];
  const rootMatchers: Matcher[] = [];
  if (options.extraIgnore?.length) rootMatchers.push({ base: root, ig: ignore().add([...options.extraIgnore]) });

  const walk = (dir: string, inherited: Matcher[]): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (err) {
      unreadableDirs.push({ path: dir, reason: fsReason(err) });
      return;
    }
    const matchers = [...inherited];
    for (const name of IGNORE_FILES) {
      if (entries.some((e) => e.name === name && e.isFile())) {
        try {
          matchers.push({ base: dir, ig: ignore().add(readFileSync(join(dir, name), 'utf8')) });
        } catch {
          // an unreadable ignore file ignores nothing
        }
      }
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const name = entry.name;
      if (name.startsWith('.') || name.startsWith('~$')) continue;
      const full = join(dir, name);
      if (entry.isDirectory()) {
        if (ALWAYS_IGNORED_DIRS.has(name) || isIgnored(matchers, full, true)) continue;
        walk(full, matchers);
      } else if (entry.isFile()) {
        if (isIgnored(matchers, full, false)) continue;
        // A name that is not valid UTF-8 reaches us with U+FFFD in it: no path names the file.
        if (name.includes('\uFFFD')) {
          passedOver.push({ path: full, reason: 'its name is not valid UTF-8 (written in another encoding); rename it to index it' });
          continue;
        }
        try {
          const st = statSync(full);
          files.push({ path: full, size: st.size, mtimeMs: Math.trunc(st.mtimeMs) });
        } catch (err) {
          // Vanished between listing and stat: it simply is not there. Anything else is said.
          const code = (err as NodeJS.ErrnoException).code;
          if (code === 'ENAMETOOLONG') passedOver.push({ path: full, reason: 'its path is longer than the system allows; move it to a shorter path to index it' });
          else if (code !== 'ENOENT') passedOver.push({ path: full, reason: `cannot read it: ${fsReason(err)}` });
        }
      }
      // Links, sockets, FIFOs and devices are passed over on purpose, each with a line in status.
      else if (!isIgnored(matchers, full, false)) passedOver.push({ path: full, reason: notRegular(entry) });
    }
  };

  walk(root, rootMatchers);
  return { files, unreadableDirs, passedOver };
}

function notRegular(entry: { isSymbolicLink(): boolean; isFIFO(): boolean; isSocket(): boolean; isBlockDevice(): boolean; isCharacterDevice(): boolean }): string {
  if (entry.isSymbolicLink()) return 'a symbolic link: Docent does not follow links (add the folder it points to instead)';
  if (entry.isFIFO()) return 'a named pipe (FIFO), not a file: passed over';
  if (entry.isSocket()) return 'a socket, not a file: passed over';
  if (entry.isBlockDevice() || entry.isCharacterDevice()) return 'a device, not a file: passed over';
  return 'not a regular file: passed over';
}

function isIgnored(matchers: readonly Matcher[], full: string, isDir: boolean): boolean {
  for (const m of matchers) {
    const rel = relative(m.base, full).split(sep).join('/');
    if (!rel || rel.startsWith('..')) continue;
    if (m.ig.ignores(isDir ? `${rel}/` : rel)) return true;
  }
  return false;
}

export function fsReason(err: unknown): string {
  const code = (err as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied: Docent is not allowed to read it';
    case 'ENOENT':
      return 'it disappeared while Docent was reading it';
    case 'EISDIR':
      return 'it is a folder, not a file';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many open files; try again';
    case 'EIO':
      return 'the disk reported a read error';
    default:
      return (err as Error)?.message ?? String(err);
  }
}
