import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

let cleanup: () => void = () => undefined;
afterEach(() => cleanup());

const NOBODY = 65534;

describe('unreadable files and folders', () => {
  it('are reported with a reason while the rest is indexed', () => {
    const t = tempDir();
    cleanup = t.cleanup;
    chmodSync(t.dir, 0o777);
    const root = join(t.dir, 'docs');
    mkdirSync(join(root, 'locked-folder'), { recursive: true });
    writeFileSync(join(root, 'readable.md'), '# Fine\n\nThis one can be read.\n');
    writeFileSync(join(root, 'secret.md'), '# Secret\n\nNobody may read this.\n');
    writeFileSync(join(root, 'locked-folder', 'inside.md'), 'hidden behind a locked folder');
    chmodSync(join(root, 'secret.md'), 0o000);
    chmodSync(join(root, 'locked-folder'), 0o000);
    chmodSync(root, 0o777);
    // root reads every file whatever its mode: run Docent as an ordinary user, as a person would.
    const asUser = process.getuid?.() === 0 ? { uid: NOBODY, gid: NOBODY } : {};
    const run = (args: string[]) =>
      spawnSync(process.execPath, [BIN, ...args, '--db', join(t.dir, 'index.sqlite')], {
        encoding: 'utf8',
        env: { ...process.env, DOCENT_HOME: t.dir, NO_COLOR: '1', HOME: t.dir },
        ...asUser,
      });
    const index = run(['index', root, '--no-vectors']);
    expect(index.status).toBe(0);
    expect(index.stderr).toMatch(/locked-folder: permission denied/);
    const status = JSON.parse(run(['status', '--json']).stdout) as {
      files: { indexed: number; failed: number };
      problems: Array<{ path: string; reason: string }>;
    };
    expect(status.files).toMatchObject({ indexed: 1, failed: 1 });
    expect(status.problems).toEqual([
      { path: join(root, 'secret.md'), status: 'failed', reason: 'cannot read the file: permission denied: Docent is not allowed to read it' },
    ]);
    chmodSync(join(root, 'locked-folder'), 0o755);
  });
});
