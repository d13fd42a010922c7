/** Small wording helpers the views share; plain functions, no browser APIs, so tests can import them. */

/** A path's last part: the file's (or folder's) name. */
export const fileName = (path: string): string => path.split(/[\\/]/).filter(Boolean).pop() ?? path;

/**
 * Where a file lies as its user filed it: the name of the indexed folder that holds it (the
 * deepest, where folders nest), then the folders under it ("Manuals › heat-pump"), as a launcher
 * shows a result without the machine's path before it. A file no folder holds: its folder's path.
 */
export function folderPlace(path: string, folders: readonly string[]): string {
  const parts = (p: string): string[] => p.split(/[\\/]/).filter(Boolean);
  const file = parts(path);
  let root: string[] | undefined;
  for (const folder of folders) {
    const f = parts(folder);
    if (f.length && f.length < file.length && f.every((x, i) => x === file[i]) && (!root || f.length > root.length)) root = f;
  }
  if (!root) return path.slice(0, Math.max(0, path.length - (file.at(-1)?.length ?? 0))).replace(/[\\/]+$/, '') || path;
  return [root.at(-1)!, ...file.slice(root.length, -1)].join(' › ');
}

/** The text with its first letter upper-case ("the model …" → "The model …"). */
export const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** A count as people read it: 14,686. */
export const count = (x: number): string => x.toLocaleString('en');

/** A text with the characters a regular expression reads as syntax escaped. */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A word where it stands as a word in a text, not inside a longer word or identifier ("ab" not in "abc" nor "ab_c"). */
export const wordPattern = (word: string, flags = 'gu'): RegExp => new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(word)}(?![\\p{L}\\p{N}_])`, flags);
