// `npm run app` on a machine that cannot fetch Electron: a clear message that names the way on
// (npm run web), never the installer's stack trace. The download is pointed at a closed local
// port, so the test never reaches the internet, whatever the machine.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/tmp.js';

const electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));

describe('getting the desktop app ready without the internet', () => {
  it.skipIf(existsSync(join(electronDir, 'path.txt')))('says what failed and what to do instead, without a stack trace', () => {
    const t = tempDir('docent-electron-');
    try {
      const r = spawnSync(process.execPath, ['scripts/electron-setup.mjs'], { encoding: 'utf8', env: { ...process.env, ELECTRON_MIRROR: 'http://127.0.0.1:9/', electron_config_cache: t.dir } });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/^docent: could not download Electron [\d.]+: .*ECONNREFUSED/m);
      expect(r.stderr).toMatch(/Meanwhile Docent runs in your browser, with the same app and no download: npm run web/);
      expect(r.stderr).not.toMatch(/^\s+at /m);
      expect(existsSync(join(electronDir, 'path.txt'))).toBe(false);
    } finally {
      t.cleanup();
    }
  });
});
