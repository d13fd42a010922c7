/** Small wording helpers the views share; plain functions, no browser APIs, so tests can import them. */

/** A path's last part: the file's (or folder's) name. */
export const fileName = (path: string): string => path.split(/[\\/]/).filter(Boolean).pop() ?? path;

/** The text with its first letter upper-case ("the model …" → "The model …"). */
export const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** A count as people read it: 14,686. */
export const count = (x: number): string => x.toLocaleString('en');
