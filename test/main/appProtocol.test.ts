import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTarget, serveAppRequest } from '../../src/main/appProtocol.js';
import { tempDir } from '../helpers/tmp.js';

describe('the app’s own scheme (docent://app/)', () => {
  const t = tempDir();
  afterAll(t.cleanup);
  const renderer = join(t.dir, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Docent</title>');
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(t.dir, 'secret.txt'), 'not for pages');

  it('serves the built renderer under the strict CSP', async () => {
    const page = await serveAppRequest(renderer, 'docent://app/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'; script-src 'self'/);
    expect(await page.text()).toContain('<title>Docent</title>');
    const js = await serveAppRequest(renderer, 'docent://app/assets/app.js#x');
    expect([js.status, js.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
  });

  it('reaches nothing outside it', async () => {
    for (const url of ['docent://app/../secret.txt', 'docent://app/%2e%2e/secret.txt', 'docent://app/assets/..%2f..%2fsecret.txt', 'docent://app/%2Fetc%2Fpasswd', 'docent://other/index.html', 'docent://app/missing.js', 'docent://app/%E0%A4%A']) {
      const r = await serveAppRequest(renderer, url);
      expect(r.status, url).toBe(404);
      expect(await r.text()).not.toContain('not for pages');
    }
    expect((await serveAppRequest(renderer, 'no url')).status).toBe(400);
  });
});

describe('opening a cited file', () => {
  it('opens a PDF at the cited page in the PDF window, anything else in the system’s app', () => {
    expect(openTarget('/home/ann/Docs/heat pump.pdf', 3)).toEqual({ kind: 'viewer', url: 'file:///home/ann/Docs/heat%20pump.pdf#page=3', title: 'heat pump.pdf — page 3' });
    expect(openTarget('/home/ann/Docs/heat pump.pdf')).toEqual({ kind: 'system', path: '/home/ann/Docs/heat pump.pdf' });
    expect(openTarget('/home/ann/Docs/report.docx', 2)).toEqual({ kind: 'system', path: '/home/ann/Docs/report.docx' });
  });
});
