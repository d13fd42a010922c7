import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, resolve } from 'node:path';
import { contentTypeOf, rendererAsset } from '../main/appAssets.js';
import { contentSecurityPolicy } from '../main/windowSecurity.js';
import type { ApiError } from '../shared/api.js';
import { ForbiddenError, type Backend } from './backend.js';

export interface ServerOptions {
  backend: Backend;
  /** 0 (default): any free port. */
  port?: number;
  /** Made at start when not given. */
  token?: string;
  /** The built renderer (index.html and assets); without it, the API only. */
  staticDir?: string;
}

export interface RunningServer {
  url: string;
  /** The URL to open: the token rides in the fragment, which browsers never send to a server or put in logs. */
  openUrl: string;
  token: string;
  port: number;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;


const STATUS: Record<ApiError['code'], number> = { invalid: 400, forbidden: 403, not_found: 404, failed: 500 };

function sameToken(given: string | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

const fail = (res: ServerResponse, status: number, error: ApiError): void => sendJson(res, status, error);

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolveBody, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      // Past the limit the rest is read and dropped, so the client gets the 400 rather than a reset.
      if (size > MAX_BODY) {
        chunks.length = 0;
        reject(new Error('the request body is larger than 1 MB'));
      } else chunks.push(c);
    });
    req.on('end', () => {
      if (size > MAX_BODY) return;
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolveBody(text ? JSON.parse(text) : {});
      } catch {
        reject(new Error('the request body is not JSON'));
      }
    });
    req.on('error', reject);
  });
}

/**
 * The API over loopback HTTP, for the browser mode (`docent serve`) and the renderer's tests:
 * bound to 127.0.0.1 only; every API and file request must carry the token made at start; the
 * Host header must name the loopback address (no DNS rebinding); requests are validated by the
 * back end; files are served only when they are indexed and under an indexed folder. Progress
 * and stage events stream as server-sent events.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const staticDir = options.staticDir ? resolve(options.staticDir) : undefined;
  let port = 0;
  const clients = new Set<ServerResponse>();
  // The file's name ends the address, so a browser tab (and its PDF viewer) is titled by it, not by the id.
  options.backend.serveFilesAt((id, name, page) => `/files/${id}/${encodeURIComponent(name)}?token=${encodeURIComponent(token)}${page ? `#page=${page}` : ''}`);

  const server = createServer((req, res) => {
    void route(req, res).catch((err: Error) => {
      if (!res.headersSent) fail(res, 500, { error: err.message, code: 'failed' });
      else res.end();
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = req.headers.host ?? '';
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) {
      return fail(res, 403, { error: `requests must be addressed to 127.0.0.1:${port}`, code: 'forbidden' });
    }
    let url: URL;
    let path: string;
    try {
      url = new URL(req.url ?? '/', `http://${host}`);
      path = decodeURIComponent(url.pathname);
    } catch {
      return fail(res, 400, { error: 'malformed address', code: 'invalid' });
    }
    const bearer = req.headers.authorization?.startsWith('Bearer ') ? req.headers.authorization.slice(7) : undefined;
    const authorised = sameToken(bearer ?? url.searchParams.get('token') ?? undefined, token);

    if (url.pathname.startsWith('/api/')) {
      if (!authorised) return fail(res, 401, { error: 'missing or wrong token', hint: 'Open the address docent serve printed (it carries the token).', code: 'forbidden' });
      if (url.pathname === '/api/events' && req.method === 'GET') return events(req, res);
      if (req.method !== 'POST') return fail(res, 405, { error: 'use POST for API requests', code: 'invalid' });
      if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) return fail(res, 415, { error: 'the request body must be application/json', code: 'invalid' });
      let body: unknown;
      try {
        body = await readBody(req);
      } catch (err) {
        return fail(res, 400, { error: (err as Error).message, code: 'invalid' });
      }
      const r = await options.backend.handle(path.slice(5), body);
      return r.ok ? sendJson(res, 200, r.result) : fail(res, STATUS[r.error.code], r.error);
    }

    if (url.pathname.startsWith('/files/') && req.method === 'GET') {
      if (!authorised) return fail(res, 401, { error: 'missing or wrong token', code: 'forbidden' });
      // Ids as written by Docent only: "1e0", "0x1" or "01" name no file.
      // (`/files/ID/NAME`: the name is for the tab's title; the id alone chooses the file.)
      const idText = url.pathname.slice(7).replace(/\/[^/]*$/, '');
      if (!/^[1-9]\d{0,15}$/.test(idText)) return fail(res, 404, { error: 'no such indexed file', code: 'not_found' });
      let file: { path: string; fd: number; size: number } | undefined;
      try {
        file = options.backend.openFileById(Number(idText));
      } catch (err) {
        if (err instanceof ForbiddenError) return fail(res, 403, { error: err.message, ...(err.hint ? { hint: err.hint } : {}), code: 'forbidden' });
        throw err;
      }
      if (!file) return fail(res, 404, { error: 'no such indexed file', code: 'not_found' });
      res.writeHead(200, {
        'Content-Type': contentTypeOf(file.path),
        'Content-Length': file.size,
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
        'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(basename(file.path))}`,
      });
      // Served from the descriptor the checks were made on, not from the path again.
      createReadStream('', { fd: file.fd }).pipe(res);
      return;
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return fail(res, 405, { error: 'method not allowed', code: 'invalid' });
    if (!staticDir) return fail(res, 404, { error: 'no user interface is served here', code: 'not_found' });
    const asset = rendererAsset(staticDir, url.pathname);
    if (!asset) return fail(res, 404, { error: 'not found', code: 'not_found' });
    res.writeHead(200, {
      'Content-Type': contentTypeOf(asset),
      'Content-Security-Policy': contentSecurityPolicy(),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
    });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(asset).pipe(res);
  }

  function events(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write(': connected\n\n');
    clients.add(res);
    const off = options.backend.on((name, payload) => res.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`));
    const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
    req.on('close', () => {
      off();
      clearInterval(ping);
      clients.delete(res);
    });
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    openUrl: `${url}/#token=${token}`,
    token,
    port,
    close: () =>
      new Promise<void>((done) => {
        for (const c of clients) c.end();
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
