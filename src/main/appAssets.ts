import { existsSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';

/** Content types of the renderer's files and of the indexed files Docent shows. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  // Indexed files, served for reading.
  '.pdf': 'application/pdf',
  '.md': 'text/plain; charset=utf-8',
  '.markdown': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export const contentTypeOf = (path: string): string => CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';

/**
 * The file of the built renderer that an address's path names ("/" is index.html), or undefined
 * when it names nothing there. Nothing outside `dir` can be reached: the path is decoded and
 * resolved first, so "..", its encoded forms and absolute paths all end up refused.
 */
export function rendererAsset(dir: string, pathname: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (path.includes('\0')) return undefined;
  const root = resolve(dir);
  const asset = resolve(root, path === '/' || path === '' ? 'index.html' : path.replace(/^[/\\]+/, ''));
  if (!asset.startsWith(root + sep)) return undefined;
  return existsSync(asset) && statSync(asset).isFile() ? asset : undefined;
}
