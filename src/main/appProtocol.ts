import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { contentTypeOf, rendererAsset } from './appAssets.js';
import { APP_HOST } from './ipcRouter.js';
import { contentSecurityPolicy } from './windowSecurity.js';

/**
 * Answers a request on the app's own scheme (docent://app/…) with a file of the built renderer,
 * under the strict Content-Security-Policy. Only that folder can be reached; anything else is a
 * 404. (A custom scheme rather than file://: file pages could read any file the user can.)
 */
export async function serveAppRequest(rendererDir: string, requestUrl: string): Promise<Response> {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return new Response('bad address', { status: 400 });
  }
  const file = url.host === APP_HOST ? rendererAsset(rendererDir, url.pathname) : undefined;
  if (!file) return new Response('not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(await readFile(file), {
    status: 200,
    headers: {
      'content-type': contentTypeOf(file),
      'content-security-policy': contentSecurityPolicy(),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    },
  });
}

export type OpenTarget = { kind: 'viewer'; url: string; title: string } | { kind: 'system'; path: string };

/**
 * How an indexed file is opened: a PDF cited at a page opens at that page in Docent's PDF window
 * (Chromium's viewer honours #page=N; the systems' default openers cannot be told a page);
 * everything else opens in the system's default app for it.
 */
export function openTarget(path: string, page?: number): OpenTarget {
  if (page && page > 0 && path.toLowerCase().endsWith('.pdf')) {
    const name = path.split(/[\\/]/).pop() ?? path;
    return { kind: 'viewer', url: `${pathToFileURL(path).href}#page=${page}`, title: `${name} — page ${page}` };
  }
  return { kind: 'system', path };
}
