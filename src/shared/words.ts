/** Small wording helpers the views share; plain functions, no browser APIs, so tests can import them. */

/** A path's last part: the file's (or folder's) name. */
export const fileName = (path: string): string => path.split(/[\\/]/).filter(Boolean).pop() ?? path;

/** The text with its first letter upper-case ("the model …" → "The model …"). */
export const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** A count as people read it: 14,686. */
export const count = (x: number): string => x.toLocaleString('en');

/** A text with the characters a regular expression reads as syntax escaped. */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A word where it stands as a word in a text, not inside a longer word or identifier ("ab" not in "abc" nor "ab_c"). */
export const wordPattern = (word: string, flags = 'gu'): RegExp => new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(word)}(?![\\p{L}\\p{N}_])`, flags);
