import { mkdtempSync, rmSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
export const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** A fresh temporary folder, removed by the returned cleanup. */
export function tempDir(prefix = 'docent-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A private copy of a fixture folder, so tests can change files freely. */
export function copyFixture(name: string, into: string): string {
  const dest = join(into, name);
  cpSync(join(FIXTURES, name), dest, { recursive: true });
  return dest;
}
